import { promises as dns } from 'node:dns';
import type { MicrositeDomainCheck } from '@contracts/microsites';
import type { DnsResolver } from '@server/platform/services';

export type { DnsResolver };

export const systemResolver: DnsResolver = {
  resolveCname: (host) => dns.resolveCname(host),
  resolve4: (host) => dns.resolve4(host),
  resolve6: (host) => dns.resolve6(host),
};

/** "No such record" answers are an empty list; a failing resolver (timeout, refused) is reported as such. */
async function ask(question: () => Promise<string[]>): Promise<{ answers: string[]; failed: boolean }> {
  try {
    return { answers: (await question()).map((a) => a.toLowerCase().replace(/\.$/, '')), failed: false };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENODATA' || code === 'ENOTFOUND' || code === 'ENOTIMP' || code === 'ESERVFAIL' || code === 'NXDOMAIN') return { answers: [], failed: code === 'ESERVFAIL' };
    return { answers: [], failed: true };
  }
}

/**
 * Checks that `domain` points at the site (docs/decisions/0044-microsites.md): a CNAME to `target` (the free
 * subdomain `<slug>.<MICROSITE_DOMAIN>` when set, else the app's own host name), or — for a bare domain, which
 * cannot have a CNAME — A/AAAA records with exactly the addresses `target` has. Says in words what is missing or
 * wrong. Nothing here contacts the customer's host beyond DNS.
 */
export async function checkDomainDns(resolver: DnsResolver, domain: string, target: string, now: Date): Promise<MicrositeDomainCheck> {
  const [cname, a, aaaa, targetA, targetAaaa] = await Promise.all([
    ask(() => resolver.resolveCname(domain)),
    ask(() => resolver.resolve4(domain)),
    ask(() => resolver.resolve6(domain)),
    ask(() => resolver.resolve4(target)),
    ask(() => resolver.resolve6(target)),
  ]);
  const expectedAddresses = [...targetA.answers, ...targetAaaa.answers];
  const foundAddresses = [...a.answers, ...aaaa.answers];
  const expected = { cname: `CNAME ${domain} → ${target}`, addresses: expectedAddresses };
  const result = (ok: boolean, problems: string[]): MicrositeDomainCheck => ({
    domain,
    ok,
    expected,
    found: { cname: cname.answers, addresses: foundAddresses },
    problems,
    checkedAt: now.getTime(),
  });

  if (cname.answers.includes(target)) return result(true, []);
  if (cname.answers.length > 0) {
    return result(false, [`${domain} has a CNAME record to ${cname.answers.join(', ')}, but it must point to ${target}. Change the CNAME record's target to ${target}.`]);
  }
  if (cname.failed || a.failed || aaaa.failed) {
    return result(false, [`The DNS servers for ${domain} did not answer. Check the domain is registered and try again in a few minutes.`]);
  }
  if (foundAddresses.length === 0) {
    return result(false, [
      `${domain} has no CNAME record. Add a CNAME record for ${domain} pointing to ${target}` +
        (expectedAddresses.length ? ` (or, for a bare domain without “www”, A records to ${expectedAddresses.join(', ')}).` : '.'),
    ]);
  }
  if (expectedAddresses.length === 0) {
    return result(false, [`${domain} points to ${foundAddresses.join(', ')} with A records; use a CNAME record for ${domain} pointing to ${target} instead.`]);
  }
  const missing = expectedAddresses.filter((address) => !foundAddresses.includes(address));
  const extra = foundAddresses.filter((address) => !expectedAddresses.includes(address));
  if (missing.length === 0 && extra.length === 0) return result(true, []);
  const problems: string[] = [];
  if (extra.length) problems.push(`${domain} points to ${extra.join(', ')}, which is not this site's server. Remove ${extra.length === 1 ? 'that A record' : 'those records'}, or replace them with a CNAME record to ${target}.`);
  if (missing.length) problems.push(`${domain} has no record for ${missing.join(', ')}. Add ${missing.length === 1 ? 'an A record' : 'A/AAAA records'} to ${missing.join(', ')}, or use a CNAME record to ${target}.`);
  return result(false, problems);
}
