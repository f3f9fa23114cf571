/** "+14155550142" → "(415) 555-0142": how people read a US/Canadian number. Anything else is shown as given. */
export function formatPhone(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}
