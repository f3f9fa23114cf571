import type { ConsentKind } from '@contracts/consent';

export interface TextableClient {
  name: string;
  /** Null for a client from a lead email that gave no number. */
  phone: string | null;
  optedOut: boolean;
  blocked: boolean;
}

export interface CannotText {
  title: string;
  reason: string;
}

/**
 * Why LeadLoop may not start texting this client, or null when it may. Blocked and opted-out clients are refused
 * by the server too; a client with nothing in the consent ledger (a lead typed in without "The customer asked us
 * to contact them by text") is refused here: texting someone who never agreed is what the compliance gate is for.
 */
export function cannotText(client: TextableClient, consent: ReadonlyArray<{ kind: ConsentKind; at: number }>): CannotText | null {
  if (!client.phone) {
    return { title: `No phone number for ${client.name}`, reason: `Their lead came without a mobile number. Add it to ${client.name}’s client details (Edit) to text them.` };
  }
  if (client.blocked) {
    return { title: `You blocked ${client.name}`, reason: `LeadLoop doesn’t text clients you blocked. Unblock ${client.name} on their client page first.` };
  }
  const latest = [...consent].sort((a, b) => b.at - a.at)[0];
  if (client.optedOut || latest?.kind === 'opt_out') {
    return { title: `${client.name} opted out of texts`, reason: 'LeadLoop won’t text them unless they reply START. They can also text your business number again themselves.' };
  }
  if (!latest) {
    return {
      title: `No consent to text ${client.name}`,
      reason: `Nothing shows that ${client.name} agreed to get texts: they haven’t texted you, and nobody recorded their consent. Ask them to text your business number, or add a new lead for them with “The customer asked us to contact them by text” ticked.`,
    };
  }
  return null;
}
