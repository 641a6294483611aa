/**
 * The journeys' stand-in for the farm's mail server: a real SMTP server (smtp-server) that keeps what it
 * receives, and a small HTTP endpoint on which the tests read those messages. Started by Playwright
 * beside Pluk; loopback only.
 */
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3197);
const httpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3198);

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}
const messages: ReceivedMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});
smtp.listen(smtpPort, '127.0.0.1');

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${httpPort}`);
  if (url.pathname === '/health') return response.end('ok');
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? messages.filter((mail) => mail.to.includes(to)) : messages;
    response.setHeader('Content-Type', 'application/json');
    return response.end(JSON.stringify(found));
  }
  response.statusCode = 404;
  response.end();
});
http.listen(httpPort, '127.0.0.1');

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
