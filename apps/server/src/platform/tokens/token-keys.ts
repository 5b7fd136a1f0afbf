import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, exportPKCS8, generateKeyPair, importJWK, importPKCS8, jwtVerify, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

const ALG = 'EdDSA';
const ISSUER = 'kelola';

export type AccessClaims = { sub: string; sid: string | null };

/** Signs and checks short-lived access tokens (JWT, EdDSA). */
export type TokenKeys = {
  sign: (claims: AccessClaims, ttlSeconds: number) => Promise<string>;
  verify: (token: string) => Promise<(AccessClaims & { exp: number }) | null | 'expired'>;
};

async function loadPrivateKey(pem: string | undefined, dataDir: string | null): Promise<CryptoKey> {
  if (pem) return importPKCS8(pem, ALG, { extractable: true });
  if (dataDir) {
    const file = path.join(dataDir, 'keys', 'token-ed25519.pem');
    if (fs.existsSync(file)) return importPKCS8(fs.readFileSync(file, 'utf8'), ALG, { extractable: true });
    const { privateKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await exportPKCS8(privateKey), { mode: 0o600 });
    return privateKey;
  }
  return (await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true })).privateKey;
}

/** How many verified tokens a process remembers (about 30 MB at most). */
const MAX_VERIFIED = 50_000;

/** Uses TOKEN_PRIVATE_KEY; else a key kept in DATA_DIR (embedded mode); else a key for this process only (tests). */
export async function createTokenKeys(pem: string | undefined, dataDir: string | null): Promise<TokenKeys> {
  const privateKey = await loadPrivateKey(pem, dataDir);
  const { kty, crv, x } = await exportJWK(privateKey);
  const publicKey = await importJWK({ kty, crv, x }, ALG);
  // Verified tokens until they expire: a signature is checked once per token and process, not once per request. A
  // token is immutable and signed, so a hit is as good as a verification; expiry is still checked on every hit.
  const verified = new Map<string, AccessClaims & { exp: number }>();
  return {
    async sign(claims, ttlSeconds) {
      return new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: ALG })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(privateKey);
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit) return hit.exp * 1000 > Date.now() ? hit : 'expired';
      try {
        const { payload } = await jwtVerify<JWTPayload & { sid?: string | null }>(token, publicKey, { issuer: ISSUER, algorithms: [ALG] });
        if (!payload.sub || !payload.exp) return null;
        const claims = { sub: payload.sub, sid: payload.sid ?? null, exp: payload.exp };
        // Bounded: the cache is only an optimisation, so a full one is dropped whole.
        if (verified.size >= MAX_VERIFIED) verified.clear();
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_JWT_EXPIRED') return 'expired';
        return null;
      }
    },
  };
}
