import { type Role, roleAllows } from '@contracts/team';

/** Who may call a procedure: anyone (the sign-in and invitation screens) or a signed-in user of at least a role. */
export type Access = 'public' | Role;

/**
 * THE table of every tRPC procedure (by path) and the least role that may call it (docs/decisions/0041-users-and-roles.md).
 * `protectedProcedure` looks the path up on every call and refuses with FORBIDDEN below it; a path missing here is
 * refused for everyone, and `roles.test.ts` fails when a procedure of the app router has no entry or an entry names
 * no procedure. Owner: money, the company's keys and people's roles. Admin: what speaks or sells in the company's
 * name (settings, the assistant, flows, the widget, scheduling's types) and the team. Staff: the day's work.
 */
export const PROCEDURE_ROLES = {
  // The spec's sign-in (public) and the caller's own session.
  createNewUserAccount: 'public',
  initializeUserLoginVerification: 'public',
  verifyUserEmail: 'public',
  getCurrentLoggedInUser: 'staff',
  currentSession: 'staff',
  logout: 'staff',

  'company.get': 'staff',
  'company.update': 'admin',
  'company.updateAddress': 'admin',

  'dashboard.summary': 'staff',
  'dashboard.setAverageJobValue': 'admin',

  'conversations.list': 'staff',
  'conversations.get': 'staff',
  'conversations.send': 'staff',
  'conversations.start': 'staff',
  'conversations.markRead': 'staff',
  'conversations.setMode': 'staff',
  'conversations.assign': 'staff',
  'conversations.setStatus': 'staff',
  'conversations.unreadCount': 'staff',
  'conversations.events': 'staff',
  'conversations.templates.list': 'staff',
  'conversations.templates.save': 'staff',
  'conversations.templates.remove': 'staff',

  'leads.list': 'staff',
  'leads.get': 'staff',
  'leads.create': 'staff',
  'leads.update': 'staff',
  'leads.bulkUpdate': 'staff',
  'leads.exportCsv': 'staff',

  'clients.list': 'staff',
  'clients.get': 'staff',
  'clients.update': 'staff',
  'clients.setBlocked': 'staff',
  'clients.duplicates': 'staff',
  'clients.merge': 'staff',

  // Each person's own feed, preferences and devices.
  'notifications.list': 'staff',
  'notifications.unreadCount': 'staff',
  'notifications.markRead': 'staff',
  'notifications.preferences': 'staff',
  'notifications.setPreference': 'staff',
  'notifications.push.config': 'staff',
  'notifications.push.devices': 'staff',
  'notifications.push.subscribe': 'staff',
  'notifications.push.update': 'staff',
  'notifications.push.remove': 'staff',

  'phone.get': 'staff',
  'phone.useSimulator': 'admin',
  'phone.searchNumbers': 'admin',
  'phone.connectNumber': 'admin',
  'phone.setAlertPhone': 'admin',
  'phone.addProtected': 'admin',
  'phone.removeProtected': 'admin',
  // The test phone plays a customer: a sandbox anyone on the team may use to try things.
  'phone.simulator.devices': 'staff',
  'phone.simulator.addDevice': 'staff',
  'phone.simulator.setBehavior': 'staff',
  'phone.simulator.removeDevice': 'staff',
  'phone.simulator.send': 'staff',
  'phone.simulator.placeCall': 'staff',
  'phone.simulator.callProgress': 'staff',
  'phone.simulator.leaveVoicemail': 'staff',
  'phone.simulator.hangUp': 'staff',
  'phone.simulator.aiSessionEnded': 'staff',
  'phone.simulator.thread': 'staff',

  'logs.messages': 'staff',
  'logs.audit': 'admin',
  'logs.deadLetters': 'admin',
  'logs.retryJob': 'admin',
  // CSV exports: what each log's screen shows (the audit log is the admins').
  'logs.exportCsv.messages': 'staff',
  'logs.exportCsv.aiDecisions': 'staff',
  'logs.exportCsv.flowRuns': 'staff',
  'logs.exportCsv.audit': 'admin',

  'team.members': 'staff',
  'team.overview': 'admin',
  'team.invite': 'admin',
  'team.resendInvitation': 'admin',
  'team.revokeInvitation': 'admin',
  'team.changeRole': 'owner',
  'team.remove': 'admin',
  'team.assignment.get': 'admin',
  'team.assignment.set': 'admin',
  // The invite link's screen: the token is the credential.
  'invitations.preview': 'public',
  'invitations.accept': 'public',
  'invitations.verify': 'public',

  'calls.list': 'staff',
  'calls.get': 'staff',
  'calls.ringing': 'staff',
  'calls.answer': 'staff',
  'calls.decline': 'staff',
  'calls.end': 'staff',

  'missedCalls.settings.get': 'staff',
  'missedCalls.settings.update': 'admin',

  // AI call answering (issue 27): the tabs' settings speak in the company's name (admin); the history is the day's work.
  'voiceAgent.settings.get': 'staff',
  'voiceAgent.settings.saveBasic': 'admin',
  'voiceAgent.settings.saveAgent': 'admin',
  'voiceAgent.settings.saveFollowUps': 'admin',
  'voiceAgent.calls.list': 'staff',
  'voiceAgent.calls.get': 'staff',
  'recordings.greeting': 'staff',
  'recordings.removeGreeting': 'admin',

  'widget.settings.get': 'staff',
  'widget.settings.update': 'admin',

  'flows.list': 'staff',
  'flows.get': 'staff',
  'flows.create': 'admin',
  'flows.saveDraft': 'admin',
  'flows.publish': 'admin',
  'flows.setStatus': 'admin',
  'flows.restoreVersion': 'admin',
  'flows.replay': 'staff',
  'flows.test': 'admin',
  'flows.moveTestTimeForward': 'admin',
  // The webhook's URL and secret let anyone start the flow from outside.
  'flows.webhook.get': 'admin',
  'flows.webhook.makeSecret': 'admin',
  'flows.followUps.get': 'staff',
  'flows.followUps.update': 'admin',
  'flows.runs.list': 'staff',
  'flows.runs.steps': 'staff',
  'flows.runs.get': 'staff',
  'flows.runs.skipWait': 'admin',

  'scheduling.types.list': 'staff',
  'scheduling.types.create': 'admin',
  'scheduling.types.update': 'admin',
  'scheduling.availability.get': 'staff',
  // Everyone sets their own hours; someone else's needs an admin (checked by the service, which knows whose).
  'scheduling.availability.set': 'staff',
  'scheduling.slots': 'staff',
  'scheduling.appointments.list': 'staff',
  'scheduling.appointments.book': 'staff',
  'scheduling.appointments.move': 'staff',
  'scheduling.appointments.cancel': 'staff',

  // Review requests (decision 0039): asking is the day's work; the links and the text speak for the company.
  // Texting registration (decision 0046): it speaks for the company to the carriers, so editing is an admin's; staff read it.
  'registration.get': 'staff',
  'registration.summary': 'staff',
  'registration.saveDraft': 'admin',
  'registration.checkWebsite': 'admin',
  'registration.submit': 'admin',
  // Billing (decision 0052): money is the owner's; anyone may read the plan and why automations paused.
  'billing.get': 'staff',
  'billing.invoices': 'owner',
  'billing.changePlan': 'owner',
  'billing.cancel': 'owner',
  'billing.portal': 'owner',
  // Everyone has their own referral link.
  'referrals.mine': 'staff',

  'reviews.settings.get': 'staff',
  'reviews.settings.set': 'admin',
  'reviews.request': 'staff',
  'reviews.requestList': 'staff',
  'reviews.list': 'staff',
  'reviews.stats': 'staff',

  // API keys read and write the whole company's data: the owner's (decision 0042). The request log: admins.
  'publicApi.keys.list': 'owner',
  'publicApi.keys.create': 'owner',
  'publicApi.keys.revoke': 'owner',
  'publicApi.requests': 'admin',
  'publicApi.exportRequestsCsv': 'admin',

  // Outgoing webhooks (decision 0043): where the company's data goes is the owner's and admins'; the log is everyone's.
  'webhooks.endpoints.list': 'staff',
  'webhooks.endpoints.get': 'staff',
  'webhooks.endpoints.create': 'admin',
  'webhooks.endpoints.update': 'admin',
  'webhooks.endpoints.delete': 'admin',
  'webhooks.endpoints.rollSecret': 'admin',
  'webhooks.endpoints.sendTest': 'admin',
  'webhooks.deliveries.list': 'staff',
  'webhooks.deliveries.get': 'staff',
  'webhooks.deliveries.exportCsv': 'staff',
  'webhooks.deliveries.resend': 'admin',

  // OAuth integrations (decision 0055): connecting a tool speaks for the company.
  'integrations.list': 'staff',
  'integrations.syncLog': 'staff',
  'integrations.connect': 'admin',
  'integrations.complete': 'admin',
  'integrations.disconnect': 'admin',
  'integrations.setCalendars': 'admin',
  'integrations.syncNow': 'admin',

  'emailGateway.get': 'staff',
  'emailGateway.rotate': 'admin',
  'emailGateway.emails.list': 'staff',
  'emailGateway.emails.get': 'staff',

  'ai.settings.get': 'staff',
  'ai.settings.update': 'admin',
  'ai.testChat': 'admin',
  'ai.drafts.list': 'staff',
  'ai.drafts.decide': 'staff',
  'ai.priceBook.list': 'staff',
  'ai.priceBook.save': 'admin',
  'ai.priceBook.remove': 'admin',
  'ai.turns': 'staff',

  // The microsite speaks in the company's name on the open web (docs/decisions/0044-microsites.md): staff read it,
  // owners and admins change it; the DNS check is part of setting a domain.
  'microsites.get': 'staff',
  'microsites.preview': 'staff',
  'microsites.saveBasic': 'admin',
  'microsites.setPublished': 'admin',
  'microsites.saveContent': 'admin',
  'microsites.saveAdvanced': 'admin',
  'microsites.setSlug': 'admin',
  'microsites.setCustomDomain': 'admin',
  'microsites.checkDomain': 'admin',
} as const satisfies Record<string, Access>;

export type ProcedurePath = keyof typeof PROCEDURE_ROLES;

/** The entry of a path, or undefined for a procedure nobody listed (then refused). */
export function accessOf(path: string): Access | undefined {
  return Object.hasOwn(PROCEDURE_ROLES, path) ? PROCEDURE_ROLES[path as ProcedurePath] : undefined;
}

/** Whether `role` may call `path` (false for a path missing from the table, and for a public path: no signed-in use). */
export function mayCall(role: Role, path: ProcedurePath | string): boolean {
  const access = accessOf(path);
  if (access === undefined) return false;
  return access === 'public' || roleAllows(role, access);
}

/** What a role below a procedure's minimum reads. */
export function forbiddenMessage(path: string): string {
  const access = accessOf(path);
  if (access === 'owner') return 'Only the owner can do this.';
  if (access === 'admin') return 'Only the owner or an admin can do this.';
  return 'You don’t have access to this.';
}
