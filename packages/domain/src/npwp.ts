export type ParsedNpwp = { digits: string; kind: 'npwp15' | 'npwp16' | 'nik'; checksumOk: boolean | null };

const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, c, i) => {
    let d = Number(c);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    return sum + d;
  }, 0) %
    10 ===
  0;

/**
 * NPWP as typed (dots, dashes and spaces allowed): the legacy 15 digits, NPWP16 (0 + 15 digits) or a NIK used
 * as NPWP (research §2.1). Stored as 16 digits. The Luhn check is reverse-engineered, not published by DJP,
 * so it only yields a warning (checksumOk), never a rejection; a NIK has no check digit but must look like one.
 */
export function parseNpwp(input: string): ParsedNpwp | null {
  const n = input.replace(/[\s.-]/gu, '');
  if (!/^\d+$/u.test(n)) return null;
  if (n.length === 15) return { digits: `0${n}`, kind: 'npwp15', checksumOk: luhn(n.slice(0, 9)) };
  if (n.length !== 16) return null;
  if (n.startsWith('0')) return { digits: n, kind: 'npwp16', checksumOk: luhn(n.slice(1, 10)) };
  const province = Number(n.slice(0, 2));
  const rawDay = Number(n.slice(6, 8));
  const day = rawDay > 40 ? rawDay - 40 : rawDay; // women's birth day is +40
  const month = Number(n.slice(8, 10));
  if (province < 11 || day < 1 || day > 31 || month < 1 || month > 12) return null;
  return { digits: n, kind: 'nik', checksumOk: null };
}
