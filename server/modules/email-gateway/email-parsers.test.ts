import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLeadEmail, splitName } from './email-parsers';
import { messageIdOf, readMail } from './mail-reader';

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/email/${name}`, import.meta.url));
const parse = async (name: string) => parseLeadEmail(await readMail(fixture(name)));

describe('lead email parsers (tests/fixtures/email)', () => {
  it('Thumbtack: labelled lines; the project details span lines; the support 888 number is not the customer', async () => {
    const { parser, lead } = await parse('thumbtack.eml');
    expect(parser).toBe('thumbtack');
    expect(lead).toMatchObject({ name: 'Jamie Rivera', phone: '+14155550142', service: 'House Cleaning', email: null });
    expect(lead.message).toBe('3 bedroom, 2 bath. Deep clean before we move out on Friday.\nPets — one cat.');
    expect(lead.how).toMatchObject({ name: 'the “Customer” line', phone: 'the “Phone” line', message: 'the “Project details” line' });
  });

  it('Thumbtack with its relay as Reply-To: the customer from the subject and the text, never the marketplace', async () => {
    const raw = Buffer.from(
      [
        'From: Thumbtack <notifications@thumbtack.com>',
        'Reply-To: Thumbtack <reply+8f2c91ab@messages.thumbtack.com>',
        'To: leads+demo@inbound.leadloop.localhost',
        'Subject: New lead: Kevin R. is looking for a plumber',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'You have a new lead on Thumbtack.',
        'Phone: 512-555-0155',
        'Email: reply+8f2c91ab@messages.thumbtack.com',
        'Questions? Call Thumbtack support at 1-888-555-0100.',
      ].join('\r\n'),
    );
    const { parser, lead } = parseLeadEmail(await readMail(raw));
    expect(parser).toBe('thumbtack');
    expect(lead).toMatchObject({ name: 'Kevin R.', phone: '+15125550155', email: null, service: 'plumber' });
    expect(lead.how.name).toBe('the subject');
    // Yelp's relay carries the customer's name: the name may be used, the relay address never.
    const yelp = parseLeadEmail(await readMail(fixture('yelp.eml')));
    expect(yelp.lead.email).toBeNull();
  });

  it('Angi / HomeAdvisor: an HTML-only table read through its text', async () => {
    const { parser, lead } = await parse('angi.eml');
    expect(parser).toBe('angi');
    expect(lead).toMatchObject({
      name: 'Priya Natarajan',
      phone: '+13125550178',
      email: 'priya.n@example.com',
      service: 'Repair a Water Heater',
      message: 'Tank water heater is leaking from the bottom. Home most afternoons.',
    });
  });

  it('Yelp: name from the Reply-To, a Canadian number in E.164', async () => {
    const { parser, lead } = await parse('yelp.eml');
    expect(parser).toBe('yelp');
    expect(lead).toMatchObject({ phone: '+16045550137', service: 'Lawn mowing', message: 'Front and back yard, roughly 2,000 sq ft. Every two weeks if possible.' });
    expect(lead.name).toBe('Marcus B.');
    expect(lead.how.name).toBe('the subject');
  });

  it('Google Local Services', async () => {
    const { parser, lead } = await parse('google-lsa.eml');
    expect(parser).toBe('google_lsa');
    expect(lead).toMatchObject({ name: 'Elena Vasquez', phone: '+17735550164', service: 'Drain cleaning', message: 'Kitchen sink drains very slowly, tried a plunger already.' });
  });

  it('Facebook lead ads: the form’s field names', async () => {
    const { parser, lead } = await parse('facebook.eml');
    expect(parser).toBe('facebook');
    expect(lead).toMatchObject({ name: 'Tomás Ortega', phone: '+16475550123', email: 'tomas.ortega@example.com', service: 'AC tune-up' });
  });

  it('a website form email: labels on their own lines', async () => {
    const { parser, lead } = await parse('web-form.eml');
    expect(parser).toBe('web_form');
    expect(lead).toMatchObject({
      name: 'Grace Okafor',
      phone: '+14165550119',
      email: 'grace.okafor@example.com',
      service: 'Leaking faucet',
      message: 'The bathroom faucet drips all night. Weekday mornings work best.',
    });
  });

  it('any other email: the sender, the first phone number and the whole text for staff', async () => {
    const { parser, lead } = await parse('other.eml');
    expect(parser).toBe('generic');
    expect(lead).toMatchObject({ name: 'Dana Whitfield', email: 'dana.whitfield@example.com', phone: '+17205550181', service: null });
    expect(lead.message).toContain('A storm knocked down two panels');
    expect(lead.how).toMatchObject({ phone: 'the first phone number in the email', name: 'the sender’s name', message: 'the email’s text' });
  });

  it('an email without a phone number has none', async () => {
    const { lead } = await parse('no-phone.eml');
    expect(lead.phone).toBeNull();
    expect(lead.email).toBe('lee.chen@example.com');
  });

  it('a forwarded marketplace email is read as its original format, not as the forwarder', async () => {
    const forwarded = {
      subject: 'Fwd: Jamie Rivera wants House Cleaning',
      from: { address: 'owner@acme.example', name: 'Sam Owner' },
      replyTo: null,
      text: '---------- Forwarded message ---------\nFrom: Thumbtack <no-reply@thumbtack.com>\nSubject: Jamie Rivera wants House Cleaning\n\nCustomer: Jamie Rivera\nPhone: 415-555-0142\n',
    };
    const { parser, lead } = parseLeadEmail(forwarded);
    expect(parser).toBe('thumbtack');
    expect(lead.name).toBe('Jamie Rivera');
    expect(lead.email).toBeNull();
  });

  it('Message-ID from the header, or a hash of the bytes', () => {
    expect(messageIdOf(fixture('thumbtack.eml'))).toBe('<tt-7731-20261123@thumbtack.com>');
    const bare = Buffer.from('From: a@b.example\r\nSubject: x\r\n\r\nhello');
    expect(messageIdOf(bare)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(splitName('Jamie Rivera Smith')).toEqual({ firstName: 'Jamie', lastName: 'Rivera Smith' });
  });
});

describe('reading an HTML-only email', () => {
  it('turns numeric entities into characters, and numbers that are no character into U+FFFD instead of failing', async () => {
    const raw = Buffer.from(
      ['From: Site <form@example.test>', 'To: leads@example.test', 'Subject: New lead 🔧', 'Content-Type: text/html; charset=utf-8', '', '<p>Name: J&#x41;ne &#66;ond</p><p>Note: &#99999999; &#xD800; &amp;</p>'].join('\r\n'),
    );
    const mail = await readMail(raw);
    expect(mail.text).toContain('Name: JAne Bond');
    expect(mail.text).toContain('Note: \ufffd \ufffd &');
    expect(mail.subject).toBe('New lead 🔧');
  });
});
