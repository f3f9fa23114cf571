import { Badge } from '@mantine/core';
import type { TextBackOutcome } from '@contracts/call';
import { TEXT_BACK_OUTCOME_COLORS, textBackOutcomeWord } from '../model/call-display';
import type { CallItem } from '../model/types';

/** The text-back outcome chip: Texted, Skipped, Answered… */
export function TextBackBadge({ call, size = 'sm' }: { call: Pick<CallItem, 'textBack'>; size?: 'xs' | 'sm' }) {
  return (
    <Badge size={size} color={TEXT_BACK_OUTCOME_COLORS[call.textBack.outcome as TextBackOutcome] ?? 'gray'} variant="light" data-testid="call-outcome">
      {textBackOutcomeWord(call)}
    </Badge>
  );
}
