import { i18n } from '../../../lib/i18n.ts';

/**
 * "Gudang Medan berhasil ditambahkan": the notice names the warehouse after the word "Gudang", except when its name
 * already starts with that word ("Gudang Medan"), so the word is never said twice.
 */
export function warehouseNotice(kind: 'created' | 'updated', name: string): string {
  const t = i18n.getFixedT(null, 'warehouse');
  const noun = t('notify.noun').toLocaleLowerCase();
  const named = name.trim().toLocaleLowerCase().startsWith(`${noun} `);
  return t(`notify.${kind}`, { name, context: named ? 'named' : undefined });
}
