import type { QualifierQuestion } from '@contracts/ai';
import type { Trade } from '@contracts/company';

/**
 * Ready-made lead-qualifier questions for six trades, written for this project: what a dispatcher in that trade asks
 * before calling back (what the job is, where, how urgent, when). The Lead qualifier's "Start from a template" copies
 * one into the form; nothing here is saved until the owner presses Save. Keys are the answers' names on the lead.
 * Choices are short words a person would actually text back, because the assistant matches them by word.
 */
export interface TradeTemplate {
  trade: Extract<Trade, 'hvac' | 'plumbing' | 'electrical' | 'moving' | 'cleaning' | 'roofing'>;
  label: string;
  questions: QualifierQuestion[];
}

const zip = (key: string, text: string, required = true): QualifierQuestion => ({ key, text, kind: 'zip', choices: [], required });
const date = (key: string, text: string, required = true): QualifierQuestion => ({ key, text, kind: 'date', choices: [], required });
const yesNo = (key: string, text: string, required = true): QualifierQuestion => ({ key, text, kind: 'yes_no', choices: [], required });
const choice = (key: string, text: string, choices: string[], required = true): QualifierQuestion => ({ key, text, kind: 'choice', choices, required });
const free = (key: string, text: string, required = false): QualifierQuestion => ({ key, text, kind: 'text', choices: [], required });

export const TRADE_TEMPLATES: readonly TradeTemplate[] = [
  {
    trade: 'hvac',
    label: 'HVAC / heating & cooling',
    questions: [
      choice('system', 'Is this about your heating, your cooling, or both?', ['Heating', 'Cooling', 'Both']),
      choice('service', 'Do you need a repair, a new system, or a tune-up?', ['Repair', 'New system', 'Tune-up']),
      zip('postal_code', 'What’s the ZIP or postal code where the system is?'),
      yesNo('urgent', 'Is it urgent, are you without heat or cooling right now?'),
      date('visit_date', 'What day would you like a technician to come out?'),
      choice('property_type', 'Is it for a home or a business?', ['Home', 'Business'], false),
    ],
  },
  {
    trade: 'plumbing',
    label: 'Plumbing',
    questions: [
      choice('problem', 'What’s going on?', ['Leak', 'Clogged drain', 'Water heater', 'Toilet or faucet', 'New installation', 'Something else']),
      zip('postal_code', 'What’s the ZIP or postal code of the property?'),
      yesNo('urgent', 'Is water leaking or backing up right now?'),
      date('visit_date', 'What day works for a plumber to come by?'),
      choice('property_type', 'Is it a home or a business?', ['Home', 'Business'], false),
      free('details', 'Anything else the plumber should know, like the age of the water heater or where the leak is?'),
    ],
  },
  {
    trade: 'electrical',
    label: 'Electrical',
    questions: [
      choice('service', 'What do you need done?', ['Outlets or switches', 'Lighting', 'Panel upgrade', 'EV charger', 'Wiring', 'Something else']),
      zip('postal_code', 'What’s the ZIP or postal code for the job?'),
      yesNo('safety_issue', 'Is anything sparking, smelling like burning, or without power right now?'),
      yesNo('owns_property', 'Do you own the property? (Some work needs the owner’s OK for the permit.)', false),
      date('visit_date', 'Which day works for an electrician to come out?'),
    ],
  },
  {
    trade: 'moving',
    label: 'Moving & storage',
    questions: [
      choice('move_type', 'What kind of move is it?', ['Local move', 'Long-distance move', 'Packing only', 'A single heavy item']),
      choice('home_size', 'How big is the place you’re moving out of?', ['Studio', '1 bedroom', '2 bedrooms', '3 bedrooms', '4+ bedrooms', 'Office']),
      zip('from_postal_code', 'What’s the ZIP or postal code you’re moving from?'),
      zip('to_postal_code', 'And the ZIP or postal code you’re moving to?', false),
      date('move_date', 'What date are you planning to move?'),
      free('access', 'Any stairs, elevators or long walks to the truck at either place?'),
    ],
  },
  {
    trade: 'cleaning',
    label: 'Cleaning',
    questions: [
      choice('service', 'What kind of cleaning are you looking for?', ['Standard cleaning', 'Deep cleaning', 'Move-in or move-out', 'Office cleaning']),
      choice('home_size', 'How many bedrooms?', ['Studio', '1 bedroom', '2 bedrooms', '3 bedrooms', '4+ bedrooms']),
      choice('frequency', 'How often would you like us to come?', ['Just once', 'Every week', 'Every two weeks', 'Every month']),
      zip('postal_code', 'What’s your ZIP or postal code?'),
      date('clean_date', 'What day would you like the first cleaning?'),
      yesNo('pets', 'Any pets in the home?', false),
    ],
  },
  {
    trade: 'roofing',
    label: 'Roofing',
    questions: [
      choice('service', 'What can we help with?', ['Leak repair', 'Storm damage', 'Roof replacement', 'Inspection', 'Gutters']),
      zip('postal_code', 'What’s the ZIP or postal code of the building?'),
      yesNo('active_leak', 'Is water coming inside right now?'),
      choice('roof_type', 'What is the roof made of?', ['Shingles', 'Metal', 'Flat', 'Tile', 'Not sure'], false),
      yesNo('insurance_claim', 'Are you going through insurance for this?', false),
      date('inspection_date', 'What day suits you for us to take a look?'),
    ],
  },
];
