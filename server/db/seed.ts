import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import type { Database } from './client';
import {
  companies,
  contents,
  contentTopics,
  tenants,
  topics,
  trainingPlanItems,
  trainingPlanModules,
  trainingPlans,
  users,
} from './schema';

export const demoPassword = 'Demo-2026!';

export const demoAccounts = [
  { email: 'root@example.com', scope: 'GLOBAL' },
  { email: 'tenant.admin@example.com', scope: 'TENANT' },
  { email: 'company.admin@example.com', scope: 'COMPANY' },
] as const;

const seedLockKey = 7_262_019_002;

export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${seedLockKey})`);
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0) return false;
    const passwordHash = await hashPassword(demoPassword);

    const [acme, globex] = await tx
      .insert(tenants)
      .values([
        {
          name: 'Acme Learning',
          domainName: 'acme.example.com',
          vinapseTenant: 'acme',
          description: 'Training for the Acme group of companies',
          url: 'https://acme.example.com',
        },
        {
          name: 'Globex Academy',
          domainName: 'globex.example.com',
          vinapseTenant: 'globex',
          description: 'Professional development for Globex clients',
          url: 'https://globex.example.com',
        },
      ])
      .returning();
    if (!acme || !globex) throw new Error('Demo tenants were not created');

    const [acmeRobotics, acmeFoods, globexConsulting, globexEnergy] = await tx
      .insert(companies)
      .values([
        {
          tenantId: acme.id,
          name: 'Acme Robotics S.p.A.',
          domain: 'robotics.acme.example.com',
          vinapseTenant: 'acme-robotics',
          taxId: 'IT01234567890',
          addressLine1: 'Via Roma 12',
          addressLine2: 'Building B, 3rd floor',
          postalCode: '20121',
          city: 'Milano',
          region: 'Lombardia',
          countryCode: 'IT',
          phone: '+39 02 1234 5678',
          email: 'info@robotics.acme.example.com',
        },
        {
          tenantId: acme.id,
          name: 'Acme Foods S.r.l.',
          domain: 'foods.acme.example.com',
          taxId: 'IT09876543210',
          addressLine1: 'Corso Vittorio Emanuele II 45',
          addressLine2: 'Scala A',
          postalCode: '10123',
          city: 'Torino',
          region: 'Piemonte',
          countryCode: 'IT',
          phone: '+39 011 765 4321',
          email: 'hello@foods.acme.example.com',
        },
        {
          tenantId: globex.id,
          name: 'Globex Consulting GmbH',
          domain: 'consulting.globex.example.com',
          vinapseTenant: 'globex-consulting',
          taxId: 'DE123456789',
          addressLine1: 'Friedrichstraße 100',
          addressLine2: '5. Etage',
          postalCode: '10117',
          city: 'Berlin',
          region: 'Berlin',
          countryCode: 'DE',
          phone: '+49 30 1234567',
          email: 'kontakt@consulting.globex.example.com',
        },
        {
          tenantId: globex.id,
          name: 'Globex Energy Ltd',
          domain: 'energy.globex.example.com',
          taxId: 'GB123456789',
          addressLine1: '221 Baker Street',
          addressLine2: 'Suite 4',
          postalCode: 'NW1 6XE',
          city: 'London',
          region: 'Greater London',
          countryCode: 'GB',
          phone: '+44 20 7946 0000',
          email: 'office@energy.globex.example.com',
        },
      ])
      .returning();
    if (!acmeRobotics || !acmeFoods || !globexConsulting || !globexEnergy) {
      throw new Error('Demo companies were not created');
    }

    const active = { status: 'ACTIVE', enabled: true, passwordHash } as const;
    await tx.insert(users).values([
      { ...active, scope: 'GLOBAL', admin: true, name: 'Root', surname: 'Admin', email: 'root@example.com' },
      {
        ...active,
        scope: 'TENANT',
        admin: true,
        tenantId: acme.id,
        name: 'Teresa',
        surname: 'Conti',
        email: 'tenant.admin@example.com',
        language: 'it',
      },
      {
        ...active,
        scope: 'COMPANY',
        admin: true,
        tenantId: acme.id,
        companyId: acmeRobotics.id,
        name: 'Carlo',
        surname: 'Ferrari',
        email: 'company.admin@example.com',
        language: 'it',
      },
      {
        ...active,
        scope: 'COMPANY',
        admin: false,
        tenantId: acme.id,
        companyId: acmeRobotics.id,
        name: 'Mario',
        surname: 'Rossi',
        email: 'mario.rossi@example.com',
        language: 'it',
      },
      {
        status: 'PENDING',
        enabled: true,
        passwordHash: null,
        scope: 'COMPANY',
        admin: false,
        tenantId: acme.id,
        companyId: acmeRobotics.id,
        name: 'Giulia',
        surname: 'Bianchi',
        email: 'giulia.bianchi@example.com',
        language: 'it',
      },
      {
        ...active,
        enabled: false,
        scope: 'COMPANY',
        admin: true,
        tenantId: acme.id,
        companyId: acmeFoods.id,
        name: 'Paolo',
        surname: 'Greco',
        email: 'former.admin@example.com',
      },
      {
        ...active,
        scope: 'TENANT',
        admin: true,
        tenantId: globex.id,
        name: 'Grace',
        surname: 'Hopper',
        email: 'globex.admin@example.com',
      },
      {
        ...active,
        scope: 'COMPANY',
        admin: true,
        tenantId: globex.id,
        companyId: globexConsulting.id,
        name: 'Hans',
        surname: 'Weber',
        email: 'consulting.admin@example.com',
      },
      {
        ...active,
        scope: 'COMPANY',
        admin: false,
        tenantId: globex.id,
        companyId: globexEnergy.id,
        name: 'Emily',
        surname: 'Clarke',
        email: 'emily.clarke@example.com',
      },
    ]);

    const ownedByAcmeRobotics = { tenantId: acme.id, companyId: acmeRobotics.id };
    const [safety, onboarding] = await tx
      .insert(topics)
      .values([
        { ...ownedByAcmeRobotics, name: 'Safety', color: '#D32F2F', status: 'ACTIVE' },
        { ...ownedByAcmeRobotics, name: 'Onboarding', color: '#1976D2', status: 'ACTIVE' },
        { ...ownedByAcmeRobotics, name: 'Leadership', color: '#388E3C', status: 'PENDING' },
        { tenantId: globex.id, companyId: globexConsulting.id, name: 'Compliance', color: '#F57C00', status: 'ACTIVE' },
      ])
      .returning();
    if (!safety || !onboarding) throw new Error('Demo topics were not created');

    const [welcomeArticle, safetyVideo] = await tx
      .insert(contents)
      .values([
        {
          ...ownedByAcmeRobotics,
          title: 'Welcome to Acme Robotics',
          type: 'Article',
          renderType: 'INLINE',
          text: 'Welcome aboard! This article introduces our teams, our values and the tools you will use every day.',
          status: 'READY',
        },
        {
          ...ownedByAcmeRobotics,
          title: 'Workshop safety walkthrough',
          type: 'Video',
          renderType: 'REFERENCE',
          status: 'DRAFT',
        },
      ])
      .returning();
    if (!welcomeArticle || !safetyVideo) throw new Error('Demo contents were not created');

    await tx.insert(contentTopics).values([
      { contentId: welcomeArticle.id, topicId: onboarding.id },
      { contentId: safetyVideo.id, topicId: safety.id },
    ]);

    const [onboardingPlan] = await tx
      .insert(trainingPlans)
      .values([
        { ...ownedByAcmeRobotics, name: 'New hire onboarding', status: 'PUBLISHED', freelyNavigable: false },
        { ...ownedByAcmeRobotics, name: 'Leadership basics', status: 'DRAFT', freelyNavigable: true },
      ])
      .returning();
    if (!onboardingPlan) throw new Error('Demo training plans were not created');

    const [welcomeModule, safetyModule] = await tx
      .insert(trainingPlanModules)
      .values([
        { trainingPlanId: onboardingPlan.id, title: 'Welcome', position: 0 },
        { trainingPlanId: onboardingPlan.id, title: 'Safety first', position: 1 },
      ])
      .returning();
    if (!welcomeModule || !safetyModule) throw new Error('Demo modules were not created');

    await tx.insert(trainingPlanItems).values([
      { moduleId: welcomeModule.id, position: 0, title: 'Read the welcome article', contentId: welcomeArticle.id },
      { moduleId: welcomeModule.id, position: 1, title: 'Getting to know us', type: 'QUIZ' },
      { moduleId: safetyModule.id, position: 0, title: 'Watch the safety walkthrough', contentId: safetyVideo.id },
      { moduleId: safetyModule.id, position: 1, title: 'Safety check', type: 'QUIZ' },
    ]);
    return true;
  });
}
