import { describe, expect, it } from 'vitest';
import { colourProblem, contrastRatio, micrositeBasicSchema, micrositeConsentText, normalizeCustomDomain, slugFromName, slugProblem } from './microsites';

describe('microsite rules shared by the app and the server', () => {
  it('measures contrast as WCAG does and refuses colours too light for white text', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(colourProblem('The main colour', '#1864ab')).toBeNull();
    expect(colourProblem('The main colour', '#74c0fc')).toMatch(/^The main colour is too light for white text \(contrast 2\.\d:1, needs 4\.5:1\)/);
    expect(colourProblem('The main colour', 'blue')).toBe('The main colour: use a colour like #1864ab');
  });

  it('proposes an address from the name, refusing reserved words', () => {
    expect(slugFromName('Acme Plumbing & Heating, LLC')).toBe('acme-plumbing-and-heating-llc');
    expect(slugFromName('Café Élan')).toBe('cafe-elan');
    expect(slugFromName('A1')).toBe('a1-site');
    expect(slugFromName('株式会社')).toBe('my-business');
    expect(slugProblem(slugFromName('株式会社'))).toBeNull();
    expect(slugProblem('admin')).toContain('reserved');
    expect(slugProblem('two--hyphens')).toContain('single hyphens');
    expect(slugFromName('x'.repeat(80))).toHaveLength(40);
  });

  it('reads a pasted domain as its host name, and nothing that is not one', () => {
    expect(normalizeCustomDomain(' https://WWW.Example.com/contact?x=1 ')).toBe('www.example.com');
    expect(normalizeCustomDomain('javascript:alert(1)')).toBeNull();
    expect(normalizeCustomDomain('192.168.1.1')).toBeNull();
    expect(normalizeCustomDomain('localhost')).toBeNull();
  });

  it('the consent text carries every phrase the carriers ask for, with the business name', () => {
    const text = micrositeConsentText('Acme Plumbing');
    for (const words of ['text messages from Acme Plumbing', 'Message frequency varies', 'Msg & data rates may apply', 'Reply STOP to opt out, HELP for help', 'Privacy Policy', 'SMS Terms']) expect(text).toContain(words);
  });

  it('the logo is an uploaded file’s id, never a link', () => {
    const basic = { name: 'Acme', tagline: '', primaryColor: '#1864ab', accentColor: '#087f5b', cta: 'call' };
    expect(micrositeBasicSchema.safeParse({ ...basic, logoFileId: 'javascript:alert(1)' }).success).toBe(false);
    expect(micrositeBasicSchema.safeParse({ ...basic, logoFileId: 'https://evil.example/x.png' }).success).toBe(false);
    expect(micrositeBasicSchema.safeParse({ ...basic, logoFileId: '7b0f5a3e-2c1d-4e5f-8a9b-0c1d2e3f4a5b' }).success).toBe(true);
  });
});
