import { Alert, Badge, Button, FileButton, Group, Modal, NumberInput, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { PRICING_POLICY_WORDS, type PricingPolicy } from '@contracts/ai';
import type { AppRouter } from '@/shared/api';
import { apiFieldErrors } from '@/shared/api-errors';
import { ConfirmModal } from '@/shared/ui/confirm-modal';
import { useTRPC } from '@/shared/api-react';
import { formatMoney } from '@/shared/lib/format';
import { usePhoneLayout } from '@/shared/lib/media';
import { LoadError } from '@/shared/ui/load-error';
import { SectionPanel } from '@/shared/ui/section-panel';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { importPriceListPdf, importSummary, PDF_MAX_BYTES, PDF_MAX_PAGES, type PriceImportResult } from '../lib/ai-price-import';
import { invalidatePriceBook } from '@/entities/ai-assistant';

type PriceBookItem = inferRouterOutputs<AppRouter>['ai']['priceBook']['list'][number];

/** "$150", "$150–$250", with the unit after it ("$95 per hour"). */
function priceWords(item: Pick<PriceBookItem, 'minCents' | 'maxCents' | 'unit'>): string {
  const amount = item.minCents === item.maxCents ? formatMoney(item.minCents) : `${formatMoney(item.minCents)}–${formatMoney(item.maxCents)}`;
  return item.unit.trim() ? `${amount} ${item.unit.trim()}` : amount;
}

/** Where an imported item came from: "prices-2026.pdf, page 2, line 14"; null for one typed in. */
function sourceWords(source: PriceBookItem['source']): string | null {
  if (!source) return null;
  return [source.file, source.page !== null ? `page ${source.page}` : null, source.line !== null ? `line ${source.line}` : null].filter(Boolean).join(', ');
}

// ── One item's editor (a new one, or an existing one): name, lowest and highest price in dollars, unit ─────────

interface ItemDraft {
  name: string;
  min: number | string;
  max: number | string;
  unit: string;
}

const MAX_DOLLARS = 1_000_000;
const toCents = (dollars: number) => Math.round(dollars * 100);

function draftProblems(draft: ItemDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'Name the item';
  else if (name.length > 120) errors.name = 'The name must be at most 120 characters';
  if (typeof draft.min !== 'number') errors.minCents = 'Type the price, or the lowest price of a range';
  else if (draft.min < 0) errors.minCents = 'A price cannot be negative';
  else if (draft.min > MAX_DOLLARS) errors.minCents = 'At most $1,000,000';
  if (typeof draft.max === 'number') {
    if (draft.max > MAX_DOLLARS) errors.maxCents = 'At most $1,000,000';
    else if (typeof draft.min === 'number' && draft.max < draft.min) errors.maxCents = 'The highest price is below the lowest.';
  }
  if (draft.unit.trim().length > 30) errors.unit = 'The unit must be at most 30 characters';
  return errors;
}

type SaveInput = { id?: string; name: string; minCents: number; maxCents: number; unit: string; status: 'proposed' | 'approved' };

function ItemModal({ item, onClose, onSaved }: { item: PriceBookItem | 'new'; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const existing = item === 'new' ? null : item;
  const [draft, setDraft] = useState<ItemDraft>(() =>
    existing
      ? { name: existing.name, min: existing.minCents / 100, max: existing.maxCents === existing.minCents ? '' : existing.maxCents / 100, unit: existing.unit }
      : { name: '', min: '', max: '', unit: '' },
  );
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation(
    trpc.ai.priceBook.save.mutationOptions({
      onSuccess: onSaved,
      onError(error) {
        const fields = apiFieldErrors(error);
        setServerErrors(fields);
        setRefusal(Object.keys(fields).length ? null : error.message);
      },
    }),
  );
  const problems = draftProblems(draft);
  const errorFor = (field: string) => serverErrors[field] ?? (tried ? problems[field] : undefined);
  const change = (patch: Partial<ItemDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (status: 'proposed' | 'approved') => {
    setTried(true);
    if (Object.keys(problems).length > 0 || typeof draft.min !== 'number') return;
    setServerErrors({});
    setRefusal(null);
    const minCents = toCents(draft.min);
    const input: SaveInput = { name: draft.name.trim(), minCents, maxCents: typeof draft.max === 'number' ? toCents(draft.max) : minCents, unit: draft.unit.trim(), status };
    save.mutate(existing ? { id: existing.id, ...input } : input);
  };
  const proposed = existing?.status === 'proposed';

  return (
    <Modal opened onClose={onClose} title={existing ? 'Edit price item' : 'Add a price item'} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        aria-label={existing ? 'Edit price item' : 'Add a price item'}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(existing ? existing.status : 'approved');
        }}
      >
        <Stack gap="sm">
          {existing?.source ? (
            <Text size="xs" c="dimmed">
              From {sourceWords(existing.source)}
              {existing.source.text ? `: “${existing.source.text}”` : ''}
            </Text>
          ) : null}
          <TextInput label="Name" description="What a customer would ask for, e.g. Drain cleaning." maxLength={120} value={draft.name} onChange={(event) => change({ name: event.currentTarget.value })} error={errorFor('name')} data-autofocus />
          <Group grow align="flex-start">
            <NumberInput label="Price (or lowest)" prefix="$" min={0} max={MAX_DOLLARS} decimalScale={2} thousandSeparator="," value={draft.min} onChange={(value) => change({ min: value })} error={errorFor('minCents')} />
            <NumberInput label="Highest (optional)" description="Empty: one price." prefix="$" min={0} max={MAX_DOLLARS} decimalScale={2} thousandSeparator="," value={draft.max} onChange={(value) => change({ max: value })} error={errorFor('maxCents')} />
          </Group>
          <TextInput label="Unit (optional)" description="e.g. per hour, per visit, per room." maxLength={30} value={draft.unit} onChange={(event) => change({ unit: event.currentTarget.value })} error={errorFor('unit')} />
          {refusal ? (
            <Alert color="red" role="alert" title="Not saved">
              {refusal}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {proposed ? (
              <Button variant="light" type="submit" loading={save.isPending && save.variables?.status === 'proposed'}>
                Save, still to review
              </Button>
            ) : null}
            {proposed ? (
              <Button onClick={() => submit('approved')} loading={save.isPending && save.variables?.status === 'approved'}>
                Save and approve
              </Button>
            ) : (
              <Button type="submit" loading={save.isPending}>
                {existing ? 'Save' : 'Add item'}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

// ── "Approve all proposed" / "Drop all proposed": asked first ────────────────────────────────────────────────────

// ── The PDF importer ─────────────────────────────────────────────────────────────────────────────────────────────

function PdfImport({ onImported }: { onImported: () => void }) {
  const [uploading, setUploading] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'done'; result: PriceImportResult; file: string } | { kind: 'refused'; message: string } | null>(null);
  const choose = async (file: File | null) => {
    if (!file) return;
    setOutcome(null);
    setUploading(true);
    try {
      const result = await importPriceListPdf(file);
      setOutcome({ kind: 'done', result, file: file.name });
      onImported();
    } catch (error) {
      setOutcome({ kind: 'refused', message: (error as Error).message });
    } finally {
      setUploading(false);
    }
  };
  const summary = outcome?.kind === 'done' ? importSummary(outcome.result) : null;
  return (
    <Stack gap="xs" role="group" aria-labelledby="price-import-label">
      <Text size="sm" fw={500} id="price-import-label">
        Import a price list (PDF)
      </Text>
      <Text size="xs" c="dimmed">
        {`A PDF up to ${PDF_MAX_BYTES / 1024 / 1024} MB and ${PDF_MAX_PAGES} pages, with its prices as text (a scan or photo can’t be read). What it finds is added as “Proposed” for you to check; the file itself is not kept.`}
      </Text>
      <Group>
        <FileButton onChange={(file) => void choose(file)} accept="application/pdf">
          {(props) => (
            <Button {...props} variant="light" loading={uploading}>
              Choose a PDF
            </Button>
          )}
        </FileButton>
      </Group>
      {outcome?.kind === 'refused' ? (
        <Alert color="red" variant="light" role="alert" title="Not imported">
          {outcome.message}
        </Alert>
      ) : null}
      {outcome?.kind === 'done' && summary ? (
        <Alert color={outcome.result.proposed > 0 ? 'blue' : 'yellow'} variant="light" role="status" title={`Read ${outcome.file}`}>
          <Text size="sm">{summary.found}</Text>
          {summary.imagePages ? <Text size="sm">{summary.imagePages}</Text> : null}
        </Alert>
      ) : null}
    </Stack>
  );
}

// ── The table (cards on a phone) ─────────────────────────────────────────────────────────────────────────────────

function StatusBadge({ status }: { status: PriceBookItem['status'] }) {
  return status === 'approved' ? (
    <Badge color="green" variant="light">
      Approved
    </Badge>
  ) : (
    <Stack gap={2} align="flex-start">
      <Badge color="yellow" variant="light">
        Proposed
      </Badge>
      <Text size="xs" c="dimmed">
        Needs your review
      </Text>
    </Stack>
  );
}

function Source({ source }: { source: PriceBookItem['source'] }) {
  const where = sourceWords(source);
  if (!where) return <Text size="sm" c="dimmed">Typed in</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {where}
      </Text>
      {source?.text ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          “{source.text}”
        </Text>
      ) : null}
    </Stack>
  );
}

function ItemActions({ item, busy, onApprove, onEdit, onRemove }: { item: PriceBookItem; busy: boolean; onApprove: () => void; onEdit: () => void; onRemove: () => void }) {
  return (
    <Group gap={4} wrap="wrap">
      {item.status === 'proposed' ? (
        <Button size="xs" variant="light" color="green" onClick={onApprove} disabled={busy} aria-label={`Approve ${item.name}`}>
          Approve
        </Button>
      ) : null}
      <Button size="xs" variant="subtle" onClick={onEdit} disabled={busy} aria-label={`Edit ${item.name}`}>
        Edit
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={onRemove} disabled={busy} aria-label={`${item.status === 'proposed' ? 'Drop' : 'Remove'} ${item.name}`}>
        {item.status === 'proposed' ? 'Drop' : 'Remove'}
      </Button>
    </Group>
  );
}

function ItemList({ items, canEdit, busy, actions }: { items: PriceBookItem[]; canEdit: boolean; busy: boolean; actions: (item: PriceBookItem) => { onApprove: () => void; onEdit: () => void; onRemove: () => void } }) {
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <Stack gap="sm" component="ul" aria-label="Price book" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Paper component="li" key={item.id} withBorder radius="md" p="sm" data-testid="price-item">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Text>
              <StatusBadge status={item.status} />
            </Group>
            <Text size="sm">{priceWords(item)}</Text>
            <Source source={item.source} />
            {canEdit ? <ItemActions item={item} busy={busy} {...actions(item)} /> : null}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table aria-label="Price book" verticalSpacing="xs" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="22%">Item</Table.Th>
          <Table.Th w="16%">Price</Table.Th>
          <Table.Th w={150}>Status</Table.Th>
          <Table.Th>Source</Table.Th>
          {canEdit ? <Table.Th w={250}>Actions</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id} data-testid="price-item">
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.name}</Table.Td>
            <Table.Td>{priceWords(item)}</Table.Td>
            <Table.Td>
              <StatusBadge status={item.status} />
            </Table.Td>
            <Table.Td>
              <Source source={item.source} />
            </Table.Td>
            {canEdit ? (
              <Table.Td>
                <ItemActions item={item} busy={busy} {...actions(item)} />
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The tRPC batch link sends up to 50 calls in one request: "Approve all" goes 50 at a time. */
const BATCH = 50;

/**
 * Settings → AI → Price book: the items the assistant may quote (approved) and those the PDF importer proposed for
 * review, with approve / edit / drop, bulk approve / drop (asked first), an item typed in, and the PDF importer.
 */
export function PriceBook({ canEdit, policy }: { canEdit: boolean; policy: PricingPolicy }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.ai.priceBook.list.queryOptions());
  const [editing, setEditing] = useState<PriceBookItem | 'new' | null>(null);
  const [confirming, setConfirming] = useState<'approve' | 'drop' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [approvingAll, setApprovingAll] = useState(false);
  const refresh = () => invalidatePriceBook(queryClient);
  const onError = (error: { message: string }) => setProblem(error.message);
  const save = useMutation(trpc.ai.priceBook.save.mutationOptions({ onSuccess: () => void refresh(), onError }));
  // "Approve all" refreshes the list once at the end, not after each item.
  const approveOne = useMutation(trpc.ai.priceBook.save.mutationOptions());
  const remove = useMutation(
    trpc.ai.priceBook.remove.mutationOptions({
      onSuccess: () => {
        setConfirming(null);
        void refresh();
      },
      onError: (error) => {
        setConfirming(null);
        onError(error);
      },
    }),
  );

  const approve = (item: PriceBookItem) => {
    setProblem(null);
    save.mutate({ id: item.id, name: item.name, minCents: item.minCents, maxCents: item.maxCents, unit: item.unit, status: 'approved' });
  };
  const approveAll = async (items: PriceBookItem[]) => {
    setProblem(null);
    setApprovingAll(true);
    let failed = 0;
    for (let start = 0; start < items.length; start += BATCH) {
      const results = await Promise.allSettled(
        items.slice(start, start + BATCH).map((item) => approveOne.mutateAsync({ id: item.id, name: item.name, minCents: item.minCents, maxCents: item.maxCents, unit: item.unit, status: 'approved' })),
      );
      failed += results.filter((result) => result.status === 'rejected').length;
    }
    setApprovingAll(false);
    setConfirming(null);
    await refresh();
    if (failed > 0) setProblem(`${failed} of ${items.length} items could not be approved. They are still marked Proposed: try again.`);
  };

  if (list.isPending) return <ScreenSpinner />;
  if (list.isError) return <LoadError title="Couldn’t load your price book" error={list.error} onRetry={list.refetch} />;
  // Proposed first: they are what needs the owner now.
  const items = [...list.data].sort((a, b) => (a.status === b.status ? 0 : a.status === 'proposed' ? -1 : 1));
  const proposed = items.filter((item) => item.status === 'proposed');
  const approvedCount = items.length - proposed.length;
  const busy = save.isPending || remove.isPending || approvingAll;

  return (
    <SectionPanel
      id="ai-price-book"
      title="Price book"
      description="The assistant quotes only approved items, and only as your pricing policy allows: with “Never quote prices” it quotes none of them at all."
    >
      <Stack gap="md">
        <Text size="sm" data-testid="price-policy-now">
          {policy === 'never'
            ? `Your saved pricing policy is “${PRICING_POLICY_WORDS.never}”: no item is quoted now.`
            : `Your saved pricing policy is “${PRICING_POLICY_WORDS[policy]}”: ${approvedCount === 0 ? 'no item is approved yet, so none is quoted.' : `the assistant may quote ${approvedCount === 1 ? 'the 1 approved item' : `the ${approvedCount} approved items`}.`}`}
        </Text>
        {!canEdit ? (
          <Alert role="note" color="gray">
            Only the owner or an admin can change the price book, because the assistant quotes it in your business’s name.
          </Alert>
        ) : null}
        {problem ? (
          <Alert color="red" role="alert" title="Not changed" withCloseButton closeButtonLabel="Dismiss" onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        ) : null}
        {canEdit ? (
          <Group gap="sm" align="flex-start">
            <Button variant="default" onClick={() => setEditing('new')}>
              Add an item
            </Button>
            {proposed.length > 0 ? (
              <>
                <Button variant="light" color="green" onClick={() => setConfirming('approve')} disabled={busy}>
                  {`Approve all proposed (${proposed.length})`}
                </Button>
                <Button variant="subtle" color="red" onClick={() => setConfirming('drop')} disabled={busy}>
                  {`Drop all proposed (${proposed.length})`}
                </Button>
              </>
            ) : null}
          </Group>
        ) : null}
        {canEdit ? (
          <Paper withBorder radius="md" p="md">
            <PdfImport onImported={() => void refresh()} />
          </Paper>
        ) : null}
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No prices yet. {canEdit ? 'Import your price list as a PDF above, or add items one by one.' : 'The owner or an admin can add them.'}
          </Text>
        ) : (
          <ItemList
            items={items}
            canEdit={canEdit}
            busy={busy}
            actions={(item) => ({
              onApprove: () => approve(item),
              onEdit: () => setEditing(item),
              onRemove: () => {
                setProblem(null);
                remove.mutate({ ids: [item.id] });
              },
            })}
          />
        )}
      </Stack>

      {editing ? (
        <ItemModal
          key={editing === 'new' ? 'new' : editing.id}
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
      {confirming === 'approve' ? (
        <ConfirmModal opened title="Approve all proposed items?" confirmLabel={`Approve ${proposed.length}`} loading={approvingAll} onConfirm={() => void approveAll(proposed)} onCancel={() => setConfirming(null)}>
          <Text size="sm">{`The assistant may then quote these ${proposed.length} prices (as your pricing policy allows). Check their names and amounts first.`}</Text>
        </ConfirmModal>
      ) : null}
      {confirming === 'drop' ? (
        <ConfirmModal opened title="Drop all proposed items?" confirmLabel={`Drop ${proposed.length}`} danger loading={remove.isPending} onConfirm={() => remove.mutate({ ids: proposed.map((item) => item.id) })} onCancel={() => setConfirming(null)}>
          <Text size="sm">{`The ${proposed.length} proposed items are removed from the price book. Approved items stay.`}</Text>
        </ConfirmModal>
      ) : null}
    </SectionPanel>
  );
}
