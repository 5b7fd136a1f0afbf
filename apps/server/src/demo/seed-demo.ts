import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { createBusiness } from '../modules/businesses/index.ts';
import { users } from '../modules/identity/identity.schema.ts';
import { hashPassword } from '../modules/identity/index.ts';
import { addMember, createWorkspace } from '../modules/workspaces/index.ts';
import { createWarehouse } from '../modules/warehouses/index.ts';
import { inSystem } from '../platform/db/database.ts';
import { uuidv7 } from '../platform/db/ids.ts';
import type { Platform } from '../platform/platform.ts';
import { systemCtx, tenantCtxFor } from '../platform/system-ctx.ts';
import { seedDemoCatalog } from './seed-demo-catalog.ts';
import { DEMO_BANDUNG_BINS, DEMO_JAKARTA_BINS, seedDemoBins, seedDemoFulfillment } from './seed-demo-fulfillment.ts';
import { seedDemoOrders } from './seed-demo-orders.ts';
import { seedDemoPromotions } from './seed-demo-promotions.ts';
import { seedDemoFinance } from './seed-demo-finance.ts';
import { seedDemoDistributor } from './seed-demo-distributor.ts';
import { seedDemoDistributors } from './seed-demo-distributors.ts';
import { seedDemoPurchasing } from './seed-demo-purchasing.ts';

export const DEMO_EMAIL = 'demo@kelola.id';
export const DEMO_PASSWORD = 'Kelola#2026';

const TEAM = [
  { email: 'admin@kelola.id', first: 'Rina', last: 'Wulandari', role: 'Admin' },
  { email: 'toko@kelola.id', first: 'Budi', last: 'Santoso', role: 'Store Operator' },
  { email: 'gudang@kelola.id', first: 'Agus', last: 'Pratama', role: 'Warehouse Operator' },
  { email: 'keuangan@kelola.id', first: 'Siti', last: 'Rahmawati', role: 'Finance' },
] as const;

/** The demo workspace of the embedded mode, made once; later starts find it and leave it alone. */
export async function seedDemo(platform: Platform, log: FastifyBaseLogger): Promise<void> {
  await inSystem(platform.database.db, async (db) => {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
    if (existing) return;
    const ctx = systemCtx(platform, db, 'demo-seed');
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const now = new Date();
    const ownerId = uuidv7();
    await db.insert(users).values({
      id: ownerId,
      email: DEMO_EMAIL,
      firstName: 'Dewi',
      lastName: 'Lestari',
      passwordHash,
      typeRegister: 'email',
      verifiedAt: now,
    });
    const { workspaceId, roleIds } = await createWorkspace(ctx, { name: 'Toko Demo', ownerUserId: ownerId, isDefault: true });
    const tenant = tenantCtxFor(ctx, workspaceId, ownerId);
    const fashion = await createBusiness(tenant, {
      name: 'Demo Fashion',
      category: 'Fashion',
      companyName: 'PT Demo Fashion Indonesia',
      taxLiability: true,
      npwp: '0123456789012345',
      address: 'Jl. Kebon Jeruk Raya No. 27, Jakarta Barat',
    });
    const food = await createBusiness(tenant, {
      name: 'Demo Pangan',
      category: 'Makanan & Minuman',
      companyName: 'CV Demo Pangan Nusantara',
      taxLiability: false,
      address: 'Jl. Pasteur No. 12, Bandung',
    });
    // Real Kemendagri 2025 codes: Kebon Jeruk (Jakarta Barat), Pasteur (Sukajadi, Bandung), Kalirungkut (Rungkut, Surabaya).
    const jakarta = await createWarehouse(tenant, {
      name: 'Gudang Jakarta Barat',
      code: 'JKT-01',
      business_id: fashion.id,
      category: 'Gudang Utama',
      contact: 'Agus Pratama',
      phone: '+6281234500001',
      address_line_1: 'Jl. Kebon Jeruk Raya No. 27',
      address_line_2: 'Kompleks Pergudangan Blok B2',
      province_code: '31',
      city_code: '31.73',
      district_code: '31.73.05',
      subdistrict_code: '31.73.05.1001',
      postal_code: '11530',
    });
    const bandung = await createWarehouse(tenant, {
      name: 'Gudang Bandung',
      code: 'BDG-01',
      business_id: food.id,
      category: 'Gudang Cabang',
      contact: 'Siti Rahmawati',
      phone: '+6281234500002',
      address_line_1: 'Jl. Pasteur No. 12',
      address_line_2: null,
      province_code: '32',
      city_code: '32.73',
      district_code: '32.73.07',
      subdistrict_code: '32.73.07.1001',
      postal_code: '40161',
    });
    const surabaya = await createWarehouse(tenant, {
      name: 'Gudang Surabaya',
      code: 'SBY-01',
      business_id: fashion.id,
      category: 'Gudang Cabang',
      contact: 'Budi Santoso',
      phone: '+6281234500003',
      address_line_1: 'Jl. Rungkut Industri III No. 8',
      address_line_2: null,
      province_code: '35',
      city_code: '35.78',
      district_code: '35.78.03',
      subdistrict_code: '35.78.03.1001',
      postal_code: '60293',
    });
    await seedDemoCatalog(tenant, { jakarta: jakarta.id, bandung: bandung.id });
    await seedDemoBins(tenant, jakarta.id, DEMO_JAKARTA_BINS);
    await seedDemoBins(tenant, bandung.id, DEMO_BANDUNG_BINS);
    await seedDemoOrders(tenant, jakarta.id);
    await seedDemoFulfillment(tenant);
    let adminId: string | null = null;
    await seedDemoFinance(tenant, jakarta.id);
    const distributorChannel = await seedDemoDistributor(tenant);
    await seedDemoDistributors(tenant, distributorChannel.id, { jakarta: jakarta.id, bandung: bandung.id, surabaya: surabaya.id });
    await seedDemoPurchasing(tenant, { jakarta: jakarta.id, bandung: bandung.id });
    for (const member of TEAM) {
      const id = uuidv7();
      if (member.role === 'Admin') adminId = id;
      await db.insert(users).values({
        id,
        email: member.email,
        firstName: member.first,
        lastName: member.last,
        passwordHash,
        typeRegister: 'email',
        verifiedAt: now,
      });
      const warehouseOnly = member.role === 'Warehouse Operator';
      await addMember(tenant, {
        userId: id,
        roleId: roleIds[member.role],
        restrictionBase: warehouseOnly ? 'WAREHOUSE' : 'BUSINESS',
        restrictionList: warehouseOnly ? [jakarta.id] : [],
        isDefault: true,
      });
    }
    // The admin approves the owner's programme: maker and checker are two people (issue 16).
    if (adminId) await seedDemoPromotions(tenant, tenantCtxFor(ctx, workspaceId, adminId));
    log.info({ workspaceId }, 'demo workspace seeded');
  });
}
