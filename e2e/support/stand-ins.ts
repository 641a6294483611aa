/**
 * The journeys' stand-ins for the outside world, started by Playwright beside Pluk, loopback only:
 * - the farm's mail server: a real SMTP server (smtp-server) that keeps what it receives, and an HTTP
 *   endpoint `/messages` on which the tests read those messages;
 * - Open-Meteo: `/weather` answers the forecast API's shape, warmer in Gent (De Plukhoeve) than in
 *   Leuven (Het Veld), so a journey can tell whose weather it sees.
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
  if (url.pathname === '/weather') {
    const gent = url.searchParams.get('latitude') === '51.05';
    response.setHeader('Content-Type', 'application/json');
    return response.end(
      JSON.stringify({
        current: {
          temperature_2m: gent ? 16.2 : 9.4,
          weather_code: gent ? 1 : 61,
          wind_speed_10m: 11,
          is_day: 1,
        },
        daily: {
          temperature_2m_max: [gent ? 18 : 11],
          temperature_2m_min: [gent ? 9 : 5],
          precipitation_probability_max: [gent ? 10 : 80],
        },
      }),
    );
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
