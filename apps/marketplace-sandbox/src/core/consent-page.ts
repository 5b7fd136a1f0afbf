/** A marketplace-looking consent page: app name, the shop to connect, Authorize and Cancel. */

export type ConsentPage = {
  marketplace: string;
  colour: string;
  appName: string;
  action: string;
  hidden: Record<string, string>;
  /** Radio choices; the first is checked. */
  accounts: { value: string; label: string }[];
  accountField: string;
  scopes: string[];
};

const escape = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const renderConsentPage = (page: ConsentPage): string => {
  const hidden = Object.entries(page.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  const accounts = page.accounts
    .map(
      (account, index) =>
        `<label class="acct"><input type="radio" name="${escape(page.accountField)}" value="${escape(account.value)}"${index === 0 ? ' checked' : ''}> ${escape(account.label)}</label>`,
    )
    .join('');
  const scopes = page.scopes.map((scope) => `<li>${escape(scope)}</li>`).join('');
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>${escape(page.marketplace)} · Otorisasi</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f5f5;margin:0}header{background:${page.colour};color:#fff;padding:16px 24px;font-size:20px;font-weight:600}
main{max-width:480px;margin:32px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
.acct{display:block;padding:8px;border:1px solid #ddd;border-radius:4px;margin:6px 0}button{padding:10px 20px;border:0;border-radius:4px;font-size:15px;cursor:pointer}
.ok{background:${page.colour};color:#fff}.no{background:#eee;margin-left:8px}small{color:#888}</style></head>
<body><header>${escape(page.marketplace)} Open Platform</header><main>
<h2>${escape(page.appName)} meminta akses ke toko Anda</h2><p>Aplikasi akan dapat:</p><ul>${scopes}</ul>
<form method="get" action="${escape(page.action)}">${hidden}<p>Pilih akun:</p>${accounts}
<p><button class="ok" type="submit" name="decision" value="allow">Authorize</button><button class="no" type="submit" name="decision" value="deny">Cancel</button></p>
</form><small>Kelola marketplace sandbox: no real shop is connected.</small></main></body></html>`;
};

export const CONSENT_SCOPES = ['Melihat informasi toko', 'Mengelola produk dan stok', 'Mengelola pesanan dan pengiriman'];
