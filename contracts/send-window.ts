/**
 * Quiet hours. Automated texts go out only inside the recipient's send window (default 9:00–20:00 local). The
 * recipient's time zone comes from their address or, failing that, their area code; an area code that spans two
 * zones (e.g. 850 in Florida) lists both, and a send must fall inside the window in every one of them.
 * Pure functions, DST-correct through Intl; no Node or DOM imports.
 */
import { CA_PROVINCES, US_STATES } from './company';

const E = 'America/New_York';
const C = 'America/Chicago';
const M = 'America/Denver';
const AZ = 'America/Phoenix';
const P = 'America/Los_Angeles';

/** Area code → time zones (most populous first). Toll-free and non-geographic codes are absent. */
const AREA_CODE_ZONES: Record<string, string[]> = {};
function add(zones: string[], codes: string): void {
  for (const code of codes.split(/\s+/).filter(Boolean)) AREA_CODE_ZONES[code] = zones;
}

// United States (by state; multi-zone codes listed separately below)
add([C], '205 251 256 334 483 659 938'); // Alabama
add(['America/Anchorage'], '907'); // Alaska
add([AZ], '480 520 602 623 928'); // Arizona
add([C], '327 479 501 870'); // Arkansas
add([P], '209 213 279 310 323 341 350 369 408 415 424 442 510 530 559 562 619 626 628 650 657 661 669 707 714 738 747 760 805 818 820 831 837 840 858 909 916 925 949 951'); // California
add([M], '303 719 720 748 970 983'); // Colorado
add([E], '203 475 860 959'); // Connecticut
add([E], '302'); // Delaware
add([E], '202 771'); // District of Columbia
add([E], '239 305 321 324 352 386 407 448 561 645 656 689 727 728 754 772 786 813 863 904 941 954'); // Florida
add([C, E], '850'); // Florida panhandle
add([E], '229 404 470 478 678 706 762 770 912 943'); // Georgia
add(['Pacific/Honolulu'], '808'); // Hawaii
add([M, P], '208 986'); // Idaho
add([C], '217 224 309 312 331 447 464 618 630 708 730 773 779 815 847 861 872'); // Illinois
add([E], '260 317 463 574 765'); // Indiana
add([E, C], '812 930');
add([C], '219');
add([C], '319 515 563 641 712'); // Iowa
add([C], '316 913'); // Kansas
add([C, M], '620 785');
add([E], '502 606 859'); // Kentucky
add([C], '270 364');
add([C], '225 318 337 457 504 985'); // Louisiana
add([E], '207'); // Maine
add([E], '227 240 301 410 443 667'); // Maryland
add([E], '339 351 413 508 617 774 781 857 978'); // Massachusetts
add([E], '231 248 269 313 517 586 616 679 734 810 947 989'); // Michigan
add([E, C], '906');
add([C], '218 320 507 612 651 763 924 952'); // Minnesota
add([C], '228 601 662 769'); // Mississippi
add([C], '235 314 417 557 573 636 660 816 975'); // Missouri
add([M], '406'); // Montana
add([C], '402 531'); // Nebraska
add([C, M], '308');
add([P], '702 725 775'); // Nevada
add([E], '603'); // New Hampshire
add([E], '201 551 609 640 732 848 856 862 908 973'); // New Jersey
add([M], '505 575'); // New Mexico
add([E], '212 315 329 332 347 363 516 518 585 607 624 631 646 680 716 718 838 845 914 917 929 934'); // New York
add([E], '252 336 472 704 743 828 910 919 980 984'); // North Carolina
add([C, M], '701'); // North Dakota
add([E], '216 220 234 283 326 330 380 419 436 440 513 567 614 740 937'); // Ohio
add([C], '405 539 572 580 918'); // Oklahoma
add([P], '458 503 971'); // Oregon
add([P, M], '541');
add([E], '215 223 267 272 412 445 484 570 582 610 717 724 814 835 878'); // Pennsylvania
add([E], '401'); // Rhode Island
add([E], '803 821 839 843 854 864'); // South Carolina
add([C, M], '605'); // South Dakota
add([E, C], '423'); // Tennessee
add([E], '865');
add([C], '615 629 731 901 931');
add([C], '210 214 254 281 325 346 361 409 430 432 469 512 682 713 726 737 806 817 830 832 903 936 940 945 956 972 979'); // Texas
add([M], '915');
add([M], '385 435 801'); // Utah
add([E], '802'); // Vermont
add([E], '276 434 540 571 686 703 757 804 826 948'); // Virginia
add([P], '206 253 360 425 509 564'); // Washington
add([E], '304 681'); // West Virginia
add([C], '262 274 353 414 534 608 715 920'); // Wisconsin
add([M], '307'); // Wyoming
add(['America/Puerto_Rico'], '787 939'); // Puerto Rico

// Canada
add(['America/Edmonton'], '368 403 587 780 825'); // Alberta
add(['America/Vancouver'], '236 257 604 672 778'); // British Columbia
add(['America/Vancouver', 'America/Edmonton'], '250');
add(['America/Winnipeg'], '204 431 584'); // Manitoba
add(['America/Moncton'], '428 506'); // New Brunswick
add(['America/St_Johns', 'America/Halifax'], '709 879'); // Newfoundland and Labrador
add(['America/Halifax'], '782 902'); // Nova Scotia, Prince Edward Island
add(['America/Toronto'], '226 249 289 343 365 382 387 416 437 519 548 613 647 683 705 742 753 905 942'); // Ontario
add(['America/Toronto', 'America/Winnipeg'], '807');
add(['America/Toronto'], '263 354 367 418 438 450 468 514 579 581 819 873'); // Quebec
add(['America/Regina'], '306 474 639'); // Saskatchewan
add(['America/Whitehorse', 'America/Yellowknife', 'America/Iqaluit'], '867'); // Territories

interface SendWindow {
  /** Minutes after local midnight when sending may start (inclusive) and must stop (exclusive). */
  startMinute: number;
  endMinute: number;
}

const SEND_WINDOW: SendWindow = { startMinute: 9 * 60, endMinute: 20 * 60 };

/** The time zones of a North American number's area code, or [] when unknown (toll-free, non-NANP). */
export function zonesForPhone(e164: string): string[] {
  const match = /^\+1(\d{3})\d{7}$/.exec(e164);
  return match ? (AREA_CODE_ZONES[match[1]!] ?? []) : [];
}

/** The main time zone of a US state or Canadian province code, or null. */
function zoneForRegion(region: string | null | undefined): string | null {
  if (!region) return null;
  return US_STATES[region]?.[1] ?? CA_PROVINCES[region]?.[1] ?? null;
}

/**
 * Where a recipient is, in order of trust: an explicit zone on the contact, their address's state or province,
 * their area code, and finally the business's own zone.
 */
export function recipientZones(input: {
  contactTimezone?: string | null;
  contactRegion?: string | null;
  phone: string;
  companyTimezone?: string | null;
}): string[] {
  if (input.contactTimezone) return [input.contactTimezone];
  const region = zoneForRegion(input.contactRegion);
  if (region) return [region];
  const byAreaCode = zonesForPhone(input.phone);
  if (byAreaCode.length > 0) return byAreaCode;
  return [input.companyTimezone ?? E];
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(instant: number, zone: string): LocalParts {
  const parts = Object.fromEntries(formatter(zone).formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The instant at which the wall clock in `zone` reads the given local time (DST gaps resolve forward). */
export function zonedTimeToInstant(local: Omit<LocalParts, 'second'>, zone: string): number {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  let guess = asUtc;
  for (let i = 0; i < 3; i += 1) {
    const p = localParts(guess, zone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    guess += asUtc - shown;
  }
  return guess;
}

function minuteOfDay(instant: number, zone: string): number {
  const p = localParts(instant, zone);
  return p.hour * 60 + p.minute;
}

function insideWindow(instant: number, zone: string): boolean {
  const minute = minuteOfDay(instant, zone);
  return minute >= SEND_WINDOW.startMinute && minute < SEND_WINDOW.endMinute;
}

/** The next start of the window in `zone` after `instant` (today's if still ahead, else tomorrow's). */
function nextWindowStart(instant: number, zone: string): number {
  const p = localParts(instant, zone);
  const start = { year: p.year, month: p.month, day: p.day, hour: Math.floor(SEND_WINDOW.startMinute / 60), minute: SEND_WINDOW.startMinute % 60 };
  let candidate = zonedTimeToInstant(start, zone);
  if (candidate <= instant) {
    const tomorrow = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
    candidate = zonedTimeToInstant({ ...start, year: tomorrow.getUTCFullYear(), month: tomorrow.getUTCMonth() + 1, day: tomorrow.getUTCDate() }, zone);
  }
  return candidate;
}

/** `now` when it is inside the window in every zone; otherwise the earliest later instant that is. */
export function nextSendTime(now: number, zones: string[]): number {
  const list = zones.length > 0 ? zones : [E];
  let t = now;
  for (let round = 0; round < 8; round += 1) {
    const outside = list.find((zone) => !insideWindow(t, zone));
    if (!outside) return t;
    t = nextWindowStart(t, outside);
  }
  return t;
}

/** "9:00 AM Pacific time, Nov 22" style text for the thread's "scheduled for …" note. */
export function describeLocalTime(instant: number, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(instant));
}
