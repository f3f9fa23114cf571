import { Button, Group, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useBusinessNumber } from '@/entities/company';
import { useTeamMembers } from '@/entities/user';
import { NewLeadModal } from '@/features/create-lead';
import { useTRPC } from '@/shared/api-react';
import { PagedResults } from '@/shared/ui/paged-results';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { useNow } from '@/shared/lib/format';
import { usePhoneLayout } from '@/shared/lib/media';
import { hasActiveFilters, LEADS_PAGE_SIZE, leadsSearchParams, listInput, queryFilters } from '../model/leads-search';
import { useLeadsSearch } from '../model/use-leads-search';
import { BulkActions } from './bulk-actions';
import { ExportCsvButton } from './export-csv-button';
import { LeadCards } from './lead-cards';
import { LeadDrawer } from './lead-drawer';
import { LeadsFilters } from './leads-filters';
import { LeadsTable } from './leads-table';

function NoLeadsYet() {
  // Offer what is left to do, from the real setup state: a number first; then missed calls and a test text.
  const number = useBusinessNumber();
  return (
    <EmptyState
      icon="☎"
      title="No leads yet"
      description="A lead appears here the moment someone texts your business number or calls and doesn’t reach you (and, soon, writes in your website chat or form) — or add one yourself with “New lead”."
      action={
        number.data ? (
          <Group gap="xs" justify="center">
            <Button component={Link} to="/missed-calls/basic">
              Turn on missed-call text-back
            </Button>
            {number.data.provider === 'simulator' ? (
              <Button component={Link} to="/settings/phone" variant="default">
                Text yourself from the test phone
              </Button>
            ) : null}
          </Group>
        ) : number.isSuccess ? (
          <Button component={Link} to="/settings/phone">
            Set up your business number
          </Button>
        ) : null
      }
    />
  );
}

/** Keeps the selection to the rows on screen: a new page or filter starts with nothing selected. */
function useSelection(listKey: string) {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: listKey, ids: new Set() });
  const ids = state.key === listKey ? state.ids : new Set<string>();
  return {
    ids,
    set(changed: string[], selected: boolean) {
      const next = new Set(ids);
      for (const id of changed) {
        if (selected) next.add(id);
        else next.delete(id);
      }
      setState({ key: listKey, ids: next });
    },
    clear: () => setState({ key: listKey, ids: new Set() }),
  };
}

/** /leads: every inquiry in one list, filtered from the address bar, with bulk changes, export and a drawer per lead. */
export function LeadsPage() {
  const trpc = useTRPC();
  const now = useNow();
  const search = useLeadsSearch();
  const { filters } = search;
  const input = listInput(filters);
  const members = useTeamMembers();
  const leads = useQuery({ ...trpc.leads.list.queryOptions(input), placeholderData: keepPreviousData });
  const selection = useSelection(JSON.stringify(input));
  const [newLeadOpen, setNewLeadOpen] = useState(false);
  const phone = usePhoneLayout();

  const filtered = hasActiveFilters(filters);
  const data = leads.data;
  const noLeadsAtAll = data !== undefined && data.total === 0 && !filtered && !leads.isPlaceholderData;
  const items = data?.items ?? [];
  const visibleSelected = items.filter((item) => selection.ids.has(item.id)).map((item) => item.id);
  const body = (
    <PagedResults
      noun="leads"
      query={leads}
      total={data?.total}
      shown={items.length}
      page={filters.page}
      pageSize={LEADS_PAGE_SIZE}
      onPage={search.setPage}
      noMatch={{ title: 'No leads match these filters', description: 'Try another search, a wider date range, or fewer statuses and sources.', onClear: search.clearFilters }}
    >
      {phone ? (
        <LeadCards items={items} members={members.data} onOpen={search.openLeadDrawer} now={now} />
      ) : (
        <LeadsTable
          items={items}
          members={members.data}
          selected={selection.ids}
          onSelect={selection.set}
          linkSearch={(leadId) => leadsSearchParams(filters, leadId)}
          onOpen={search.openLeadDrawer}
          now={now}
        />
      )}
    </PagedResults>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Leads"
        description="Every inquiry from your website, missed calls, texts and emails, in one list."
        actions={
          <>
            <Button onClick={() => setNewLeadOpen(true)}>New lead</Button>
            <ExportCsvButton filters={queryFilters(filters)} disabled={!data || data.total === 0} />
          </>
        }
      />

      {noLeadsAtAll ? (
        <NoLeadsYet />
      ) : !data && !leads.error && !filtered ? (
        body
      ) : (
        <>
          <LeadsFilters filters={filters} members={members.data} onChange={search.setFilters} onClear={search.clearFilters} />
          {visibleSelected.length > 0 && !phone ? (
            <BulkActions ids={visibleSelected} members={members.data} onDone={selection.clear} onClear={selection.clear} />
          ) : null}
          {body}
        </>
      )}

      <NewLeadModal
        opened={newLeadOpen}
        onClose={() => setNewLeadOpen(false)}
        onCreated={(lead) => {
          setNewLeadOpen(false);
          search.openLeadDrawer(lead.id);
        }}
      />
      <LeadDrawer leadId={search.openLead} onClose={search.closeLeadDrawer} />
    </Stack>
  );
}
