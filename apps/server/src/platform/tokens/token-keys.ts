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

/** Uses TOKEN_PRIVATE_KEY; else a key kept in DATA_DIR (embedded mode); else a key for this process only (tests). */
export async function createTokenKeys(pem: string | undefined, dataDir: string | null): Promise<TokenKeys> {
  const privateKey = await loadPrivateKey(pem, dataDir);
  const { kty, crv, x } = await exportJWK(privateKey);
  const publicKey = await importJWK({ kty, crv, x }, ALG);
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
      try {
        const { payload } = await jwtVerify<JWTPayload & { sid?: string | null }>(token, publicKey, { issuer: ISSUER, algorithms: [ALG] });
        if (!payload.sub || !payload.exp) return null;
        return { sub: payload.sub, sid: payload.sid ?? null, exp: payload.exp };
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_JWT_EXPIRED') return 'expired';
        return null;
      }
    },
  };
}
