import { describe, expect, it } from 'vitest';
import {
  deepestCategory,
  imageStep,
  initialChannelStock,
  PUBLISH_DEFAULTS,
  PUBLISH_WORDS_ID,
  publishMessage,
  stripRichText,
} from './channel-publish.ts';
import { channelWeight } from './weight.ts';

describe('publishing rules', () => {
  it('strips rich text to plain lines', () => {
    expect(
      stripRichText('<p>Kopi <b>Gayo</b> &amp; Toraja</p><ul><li>250 g</li><li>Biji</li></ul><p>Seduh&nbsp;manual<br/>atau mesin</p>'),
    ).toBe('Kopi Gayo & Toraja\n- 250 g\n- Biji\n\nSeduh manual\natau mesin');
    expect(stripRichText('<script>alert(1)</script>Aman &#39;ya&#39; &#x41;')).toBe("Aman 'ya' A");
    expect(stripRichText('tanpa markup')).toBe('tanpa markup');
  });

  it('uses the deepest category chosen', () => {
    expect(deepestCategory(['100', '110', '111'])).toBe('111');
    expect(deepestCategory(['100', '110', null, ''])).toBe('110');
    expect(deepestCategory([])).toBeNull();
  });

  it('decides the image poll: all failed fails, any in progress waits, else continues', () => {
    expect(imageStep(['FAILED', 'FAILED'])).toBe('FAILED');
    expect(imageStep([])).toBe('FAILED');
    expect(imageStep(['FINISHED', 'ON_PROGRESS'])).toBe('WAIT');
    expect(imageStep(['FAILED', 'ON_PROGRESS'])).toBe('WAIT');
    expect(imageStep(['FINISHED', 'FAILED'])).toBe('CONTINUE');
    expect(imageStep(['FINISHED'])).toBe('CONTINUE');
  });

  it('says Berhasil or Gagal di simpan, with Tokopedia errors joined by commas', () => {
    expect(publishMessage('Shopee', true, 'shopee')).toBe('Shopee Berhasil di simpan');
    expect(publishMessage('Shopee', false, 'shopee', ['ignored'])).toBe('Shopee Gagal di simpan');
    expect(publishMessage('Tokopedia', false, 'tokopedia', ['Foto buram', 'Kategori salah'])).toBe(
      'Tokopedia Gagal di simpan: Foto buram, Kategori salah',
    );
    expect(publishMessage('TikTok', true, 'tiktok', [], { ...PUBLISH_WORDS_ID, success: 'OK' })).toBe('TikTok OK di simpan');
    expect(publishMessage('Tokopedia', false, 'tokopedia', ['x'], { success: 'saved', failure: 'not saved', saved: '' })).toBe(
      'Tokopedia not saved: x',
    );
  });

  it('keeps the spec defaults: Shopee NORMAL with 3 days and logistic 8003, Tokopedia LIMITED with stock 1, TikTok without COD', () => {
    expect(PUBLISH_DEFAULTS.shopee).toMatchObject({
      item_status: 'NORMAL',
      pre_order: false,
      days_to_ship: 3,
      logistic_id: 8003,
      stock: 0,
    });
    expect(PUBLISH_DEFAULTS.tokopedia).toMatchObject({ status: 'LIMITED', stock: 1, min_order: 1, insurance: false, free_return: false });
    expect(PUBLISH_DEFAULTS.tiktok).toMatchObject({ cod: false, stock: 0 });
    expect(['shopee', 'tiktok', 'tokopedia'].map((t) => initialChannelStock(t as 'shopee'))).toEqual([0, 0, 1]);
    expect(channelWeight(250, 'shopee')).toEqual({ value: 0.25, unit: 'KG' });
    expect(channelWeight(2000, 'tokopedia')).toEqual({ value: 2, unit: 'KG' });
    expect(channelWeight(250, 'tokopedia')).toEqual({ value: 250, unit: 'GR' });
  });
});
