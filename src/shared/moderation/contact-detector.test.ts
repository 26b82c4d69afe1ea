import { describe, expect, it } from 'vitest';
import { detectContact, isIban } from './contact-detector.ts';

const kinds = (text: string) => detectContact(text).map((h) => h.kind);

describe('detectContact', () => {
  it.each([
    ['Write to me at jane.doe+jobs@example.co.uk', 'email'],
    ['mail: ÉLISE@exemple.fr please', 'email'],
    ['Call me on 555-123-4567', 'phone'],
    ['my number is (555) 123 4567', 'phone'],
    ['ring +44 20 7946 0958 after six', 'phone'],
    ['WhatsApp +4915112345678', 'phone'],
    ['text 07700.900.123', 'phone'],
    ['paypal.me/janedoe works', 'payment'],
    ['or https://www.paypal.com/paypalme/jane', 'payment'],
    ['venmo @jane-doe', 'payment'],
    ['Venmo me at @jdoe', 'payment'],
    ['venmo.com/u/jdoe', 'payment'],
    ['cashapp $JaneDoe', 'payment'],
    ['Cash App: $jdoe', 'payment'],
    ['cash.app/$jdoe', 'payment'],
    ['I can pay you via Wise instead', 'payment'],
    ['send it through zelle', 'payment'],
    ['my wise account is fine', 'payment'],
    ['wise.com/pay/me/janed', 'payment'],
    ['IBAN GB82 WEST 1234 5698 7654 32', 'payment'],
    ['DE89370400440532013000', 'payment'],
    ['btc: bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'payment'],
    ['1BoatSLRHtKNngkdXEeobR76b53LETtpyT', 'payment'],
    ['eth 0x52908400098527886E0F7030069857D2E4169EE7', 'payment'],
  ])('finds contact details in %j', (text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it.each([
    'My budget is $250, or $1,250 for both rooms.',
    'It costs 1,250,000 in total, about €1.250.000',
    'Due 2026-11-27, or 27.11.2026, or 11/27/2026 at the latest',
    'between 9 - 17 on weekdays, from 2026 - 2027',
    'Room 12, floor 3, 45 minutes away',
    'Order 1234567',
    'I need 2 x 4 x 8 boards',
    'That would be a wise choice, otherwise we wait.',
    'He is wise with money.',
    'Email me through the messages here.',
    'A 3.5 hour job at 42.50 an hour',
    'The sofa is 200 x 90 x 85 cm',
    'Version 1.2.3 of the app',
    '1 250 000 people',
    'CashApp is not something I use',
    'Call me maybe',
    'Look at https://example.com/page/2024/11/27',
    'Bring 3 boxes of 100 screws',
    'Phone number? I will tell you once assigned.',
    'Reference GB00WEST12345698765432 (check digits wrong)',
    'The word Mississippi1234567890abcdefghijk is long',
  ])('finds nothing in %j', (text) => {
    expect(detectContact(text)).toEqual([]);
  });

  it('reports what it found as written', () => {
    expect(detectContact('Ping jane@example.com or +1 555 123 4567')).toEqual([
      { kind: 'email', found: 'jane@example.com' },
      { kind: 'phone', found: '+1 555 123 4567' },
    ]);
  });

  it('checks an IBAN’s check digits', () => {
    expect(isIban('GB82WEST12345698765432')).toBe(true);
    expect(isIban('GB83WEST12345698765432')).toBe(false);
  });
});
