import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { Logger } from '@server/platform/lib/logger';
import type { AppServices } from '@server/platform/services';
import { companyForRecipients, type EmailGatewayConfig, receiveEmail } from './email-gateway.service';

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * The gateway's SMTP listener (EMAIL_GATEWAY_SMTP_PORT; off by default). Plain SMTP without authentication, as a
 * mail exchanger is: a recipient that is not a company's live address is refused at RCPT (550), a null sender at
 * MAIL FROM, an email over the size limit with 552 after its stream is drained (smtp-server only flags it).
 */
export async function startSmtpListener(
  deps: Pick<AppServices, 'db' | 'clock' | 'queue' | 'logger'>,
  config: EmailGatewayConfig,
  options: { port: number; host: string; logger: Logger },
): Promise<SmtpListener> {
  const serverOptions: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: config.maxBytes,
    banner: 'LeadLoop email gateway',
    logger: false,
    onMailFrom(address, _session, callback) {
      if (!address.address) return callback(smtpError(550, 'A sender is required'));
      callback();
    },
    onRcptTo(address, _session, callback) {
      companyForRecipients(deps.db, [address.address], config.domain).then(
        (target) => callback(target ? undefined : smtpError(550, 'No such mailbox')),
        (error: unknown) => {
          options.logger.error({ err: error }, 'email gateway: recipient lookup failed');
          callback(smtpError(451, 'Try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Past the limit the rest is drained, not kept.
        if (size <= config.maxBytes) chunks.push(chunk);
      });
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded || size > config.maxBytes) return callback(smtpError(552, 'Message exceeds the size limit'));
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
        receiveEmail(deps, config, { channel: 'smtp', raw: Buffer.concat(chunks), recipients: session.envelope.rcptTo.map((r) => r.address), mailFrom }).then(
          (result) => {
            if (result.outcome === 'rejected') return callback(smtpError(result.reason === 'too_large' ? 552 : 550, result.reason === 'too_large' ? 'Message exceeds the size limit' : 'Message refused'));
            callback(null, result.outcome === 'duplicate' ? 'Already received' : 'Received');
          },
          (error: unknown) => {
            options.logger.error({ err: error }, 'email gateway: storing an email failed');
            callback(smtpError(451, 'Try again later'));
          },
        );
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  server.on('error', (error) => options.logger.warn({ err: error }, 'email gateway SMTP error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  options.logger.info({ port, host: options.host }, 'email gateway SMTP listener started');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
