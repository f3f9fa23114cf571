import type { ThreadLead } from '../model/thread-types';

export const LEAD_STATUS: Record<ThreadLead['status'], { label: string; color: string }> = {
  new: { label: 'New', color: 'blue' },
  engaging: { label: 'Engaging', color: 'cyan' },
  qualified: { label: 'Qualified', color: 'teal' },
  needs_human: { label: 'Needs human', color: 'orange' },
  booked: { label: 'Booked', color: 'violet' },
  won: { label: 'Won', color: 'green' },
  lost: { label: 'Lost', color: 'gray' },
  spam: { label: 'Spam', color: 'gray' },
  opted_out: { label: 'Opted out', color: 'red' },
};

export const LEAD_SOURCE: Record<ThreadLead['source'], string> = {
  sms: 'Text message',
  manual: 'Added by your team',
  chat_widget: 'Website chat',
  form: 'Website form',
  popup: 'Website popup',
  missed_call: 'Missed call',
  ai_call: 'AI-answered call',
  microsite: 'Microsite',
  email: 'Email',
  api: 'API',
};
