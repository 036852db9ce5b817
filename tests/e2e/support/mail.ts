/**
 * The e2e server's mail (server/api/mail-outbox.ts, `GET /dev/mail`): the demo has no mail server, so a test reads
 * the invitation or reset link the server "sent" from its outbox.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { API, apiHeaders } from './portal';

interface Mail {
  subject: string;
  body: string;
}

/** The link in the newest mail to the address whose subject matches; waits for it to arrive. */
export async function mailedLink(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`${API}/dev/mail?to=${encodeURIComponent(to)}`, {
          headers: apiHeaders(null),
        });
        const mail = ((await response.json()) as { data: Mail[] }).data.find((entry) =>
          subject.test(entry.subject),
        );
        link = (mail && /https?:\/\/\S+/.exec(mail.body)?.[0]) ?? '';
        return link;
      },
      { message: `a mail to ${to} with a link` },
    )
    .not.toBe('');
  return link;
}
