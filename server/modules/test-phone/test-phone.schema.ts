import { z } from 'zod';
import { id } from '@server/platform/lib/common.schema';

const voicemailWords = z.string().trim().max(2000, 'A voicemail is at most 2000 characters');

/**
 * The test phone calls the business. `live`: a person on the test phone leaves the voicemail (or hangs up) when the
 * greeting plays; otherwise a scripted caller (tests, the bench) speaks `voicemail` there, or hangs up without one.
 * `aiAnswers`: the call may be answered by AI call answering (when it is on and in its hours), as Twilio's calls are.
 */
export const simulateCallInput = z.object({
  deviceId: id,
  live: z.boolean().default(false),
  voicemail: voicemailWords.optional(),
  aiAnswers: z.boolean().default(false),
});
export type SimulateCallInput = z.infer<typeof simulateCallInput>;

/** One call of a test phone, by the CallSid placeCall answered. */
export const simulatedCallInput = z.object({ deviceId: id, callSid: z.string().regex(/^SIMCA[0-9a-f]{24}$/, 'Not a test phone call') });

/** The live caller's voicemail: typed words (they are the transcript), audio recorded on the test phone (`recordingId`), or both. */
export const leaveVoicemailInput = simulatedCallInput
  .extend({ voicemail: voicemailWords.optional(), recordingId: id.optional() })
  .refine((input) => Boolean(input.voicemail) || Boolean(input.recordingId), { message: 'Say something for the voicemail, or hang up', path: ['voicemail'] });
export type LeaveVoicemailInput = z.infer<typeof leaveVoicemailInput>;

/**
 * The assistant's session on a test-phone call is over (the test phone got `end`, and closed the socket as Twilio
 * does): the `<Connect>`'s action runs as Twilio would call it, with the `end` message's handoffData.
 */
export const aiSessionEndedInput = simulatedCallInput.extend({
  handoffData: z.string().max(4000, 'The handoff data is at most 4000 characters').optional(),
});
export type AiSessionEndedInput = z.infer<typeof aiSessionEndedInput>;
