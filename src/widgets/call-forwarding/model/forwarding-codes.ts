/**
 * How a business that keeps its own number sends the calls it misses to its LeadLoop number (routing mode b), per
 * kind of phone line in the US and Canada. Sources and the reasons for each choice: docs/decisions/0024.
 */
import { formatPhone } from '@contracts/phone';

export const CARRIERS = [
  { value: 'att', label: 'AT&T' },
  { value: 'verizon', label: 'Verizon' },
  { value: 't_mobile', label: 'T-Mobile' },
  { value: 'us_cellular', label: 'US Cellular' },
  { value: 'rogers', label: 'Rogers' },
  { value: 'bell', label: 'Bell' },
  { value: 'telus', label: 'Telus' },
  { value: 'landline', label: 'Landline or VoIP' },
  { value: 'pbx', label: 'Office phone system (PBX)' },
] as const;

export type Carrier = (typeof CARRIERS)[number]['value'];

/** One thing to dial: what it does, the code with the number in it, and the code that undoes it. */
export interface ForwardingCode {
  purpose: string;
  dial: string;
  cancel: string;
}

export interface ForwardingInstructions {
  carrier: Carrier;
  carrierLabel: string;
  /** Codes to dial from the business phone, the first one recommended. Empty when the line is set up elsewhere. */
  codes: ForwardingCode[];
  /** Steps to follow instead of (or besides) dialling, in order. */
  steps: string[];
  /** What to do when it does not work. */
  fallback: string;
}

/** "3125550100": the ten digits North American codes take (the LeadLoop number is always +1). */
function tenDigits(e164: string): string {
  return e164.replace(/^\+1/, '').replace(/\D/g, '');
}

/**
 * GSM-style codes (3GPP TS 22.030 MMI): ** registers and turns on, ## erases. 004 = all three conditions at once
 * (busy, no answer, unreachable); 61 = no answer; 67 = busy; 62 = phone off or no signal.
 */
function gsmCodes(number: string): ForwardingCode[] {
  const n = `1${tenDigits(number)}`;
  return [
    { purpose: 'Calls you don’t answer, when you’re on another call, or when your phone is off (recommended)', dial: `**004*${n}#`, cancel: '##004#' },
    { purpose: 'Only calls you don’t answer', dial: `**61*${n}#`, cancel: '##61#' },
    { purpose: 'Only when you’re on another call', dial: `**67*${n}#`, cancel: '##67#' },
    { purpose: 'Only when your phone is off or has no signal', dial: `**62*${n}#`, cancel: '##62#' },
  ];
}

const DIAL_STEP = 'On the business phone, open the keypad, type the code (or paste it) and press Call. You should see or hear a confirmation.';
const TEST_STEP = 'Test it: call your business number from another phone and let it ring. You should hear your LeadLoop greeting, and that phone gets your text-back.';

export function forwardingInstructions(carrier: Carrier, leadLoopNumber: string): ForwardingInstructions {
  const carrierLabel = CARRIERS.find((c) => c.value === carrier)?.label ?? carrier;
  const pretty = formatPhone(leadLoopNumber);
  const askCarrier = `Codes vary by plan and phone. If a code doesn’t work, call ${carrierLabel} and ask them to forward calls you don’t answer (and busy calls) to ${pretty}.`;
  switch (carrier) {
    case 'att':
    case 't_mobile':
    case 'rogers':
    case 'bell':
    case 'telus':
      return { carrier, carrierLabel, codes: gsmCodes(leadLoopNumber), steps: [DIAL_STEP, TEST_STEP], fallback: askCarrier };
    case 'verizon':
      return {
        carrier,
        carrierLabel,
        codes: [{ purpose: 'Calls you don’t answer and calls that arrive while you’re on another call (No Answer/Busy Transfer)', dial: `*71${tenDigits(leadLoopNumber)}`, cancel: '*73' }],
        steps: [DIAL_STEP, TEST_STEP],
        fallback: askCarrier,
      };
    case 'us_cellular':
      // No code we could confirm from UScellular itself: the phone's own setting works on its network today.
      return {
        carrier,
        carrierLabel,
        codes: [],
        steps: [
          `On the business phone, open Settings → Phone (or Calls) → Call forwarding, choose “When unanswered” (and “When busy”, “When unreachable” if offered) and enter ${pretty}.`,
          TEST_STEP,
        ],
        fallback: `If your phone has no such setting, call US Cellular (611 from your phone) and ask them to forward calls you don’t answer (and busy calls) to ${pretty}.`,
      };
    case 'landline':
      return {
        carrier,
        carrierLabel,
        codes: [
          { purpose: 'Calls you don’t answer (Call Forward No Answer)', dial: `*92${tenDigits(leadLoopNumber)}`, cancel: '*93' },
          { purpose: 'Calls that arrive while the line is busy (Call Forward Busy)', dial: `*90${tenDigits(leadLoopNumber)}`, cancel: '*91' },
        ],
        steps: [
          'Lift the handset, dial the code and wait for the beeps. Some lines call the number once to confirm: let it ring, then hang up.',
          'On a VoIP service (RingCentral, Ooma, Vonage, Google Voice…) set “forward when not answered” in its web portal or app instead.',
          TEST_STEP,
        ],
        fallback: `Codes vary by provider, and some lines need the forwarding feature added to the plan. If a code doesn’t work, ask your phone company to forward calls you don’t answer (and busy calls) to ${pretty}.`,
      };
    case 'pbx':
      return {
        carrier,
        carrierLabel,
        codes: [],
        steps: [
          'In your phone system’s admin (or ask whoever looks after it), open the main number, or the ring group or hunt group it rings.',
          `Set “forward on no answer” to ${pretty}, after about 20 seconds (4 rings).`,
          `Set “forward on busy” and “forward when unavailable” (or “unregistered”) to ${pretty} as well.`,
          'Make sure the system’s own voicemail doesn’t answer first, or LeadLoop never gets the call.',
          TEST_STEP,
        ],
        fallback: `Every system names these settings differently. If you can’t find them, ask your phone system provider to send unanswered and busy calls to ${pretty}.`,
      };
  }
}
