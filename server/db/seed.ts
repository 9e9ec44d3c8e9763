import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import {
  companies,
  contents,
  contentTopics,
  groupMembers,
  groups,
  planAssignments,
  tenants,
  topics,
  trainingPlanItems,
  trainingPlanModules,
  trainingPlans,
  users,
} from './schema';
import { seedDemoQuizzes } from './seed-quizzes';
import { seedDemoStatements, type StoreDemoStatements } from './seed-statements';

export const demoPassword = 'Demo-2026!';

export const demoAccounts = [
  { email: 'root@example.com', scope: 'GLOBAL' },
  { email: 'tenant.admin@example.com', scope: 'TENANT' },
  { email: 'company.admin@example.com', scope: 'COMPANY' },
] as const;

const seedLockKey = 7_262_019_002;

/** Enough companies in the demo tenant and users in the demo company for their lists to have several pages. */
const moreAcmeCompanies = [
  ['Acme Logistics S.r.l.', 'IT02345678901', 'Via Emilia 210', '40133', 'Bologna', 'Emilia-Romagna', 'IT'],
  ['Acme Textiles S.p.A.', 'IT03456789012', 'Via Dante Alighieri 8', '22100', 'Como', 'Lombardia', 'IT'],
  ['Acme Marine S.r.l.', 'IT04567890123', 'Calata Gadda 5', '16126', 'Genova', 'Liguria', 'IT'],
  ['Acme Solar S.r.l.', 'IT05678901234', 'Via Nazionale 150', '00184', 'Roma', 'Lazio', 'IT'],
  ['Acme Pharma S.p.A.', 'IT06789012345', 'Viale Europa 33', '50126', 'Firenze', 'Toscana', 'IT'],
  ['Acme Design Studio S.r.l.', 'IT07890123456', 'Corso Garibaldi 71', '80142', 'Napoli', 'Campania', 'IT'],
  ['Acme Wines S.r.l.', 'IT08901234567', 'Via Mazzini 19', '37121', 'Verona', 'Veneto', 'IT'],
  ['Acme Automotive S.p.A.', 'IT09012345678', 'Via Nizza 250', '10126', 'Torino', 'Piemonte', 'IT'],
  ['Acme Software S.r.l.', 'IT10123456789', 'Corso Cavour 99', '70121', 'Bari', 'Puglia', 'IT'],
  ['Acme Aerospace Ltd', 'GB234567891', '10 Queen Square', 'BS1 4NT', 'Bristol', 'South West England', 'GB'],
  ['Acme Health Services Ltd', 'GB345678912', '42 Deansgate', 'M3 2EG', 'Manchester', 'Greater Manchester', 'GB'],
] as const;

const moreAcmeRoboticsLearners = [
  ['Luca', 'Esposito', 'ACTIVE', true],
  ['Francesca', 'Romano', 'ACTIVE', true],
  ['Alessandro', 'Colombo', 'ACTIVE', true],
  ['Chiara', 'Ricci', 'ACTIVE', true],
  ['Matteo', 'Marino', 'ACTIVE', true],
  ['Sara', 'Gallo', 'PENDING', true],
  ['Davide', 'Bruno', 'ACTIVE', true],
  ['Elena', 'Costa', 'ACTIVE', true],
  ['James', 'Wilson', 'ACTIVE', true],
  ['Olivia', 'Bennett', 'PENDING', true],
  ['Federico', 'Moretti', 'ACTIVE', false],
] as const;

/** `hashPassword`: how passwords are stored (the auth floor's; the database floor does not hash passwords itself). */
/** What the seed needs of the floors above the database: the password hasher and the LRS's statement store. */
export interface DemoSeedServices {
  hashPassword: (password: string) => Promise<string>;
  storeStatements: StoreDemoStatements;
}

export async function seedDemoData(db: Database, { hashPassword, storeStatements }: DemoSeedServices): Promise<boolean> {
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
    await tx.insert(companies).values(
      moreAcmeCompanies.map(([name, taxId, addressLine1, postalCode, city, region, countryCode]) => ({
        tenantId: acme.id,
        name,
        taxId,
        addressLine1,
        postalCode,
        city,
        region,
        countryCode,
      })),
    );

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
      ...moreAcmeRoboticsLearners.map(([name, surname, status, enabled]) => ({
        status,
        enabled,
        passwordHash: status === 'ACTIVE' ? passwordHash : null,
        scope: 'COMPANY' as const,
        tenantId: acme.id,
        companyId: acmeRobotics.id,
        name,
        surname,
        email: `${name}.${surname}@example.com`.toLowerCase(),
        language: 'it' as const,
      })),
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
    const [safety, onboarding, leadership] = await tx
      .insert(topics)
      .values([
        { ...ownedByAcmeRobotics, name: 'Safety', color: '#D32F2F', status: 'ACTIVE' },
        { ...ownedByAcmeRobotics, name: 'Onboarding', color: '#1976D2', status: 'ACTIVE' },
        { ...ownedByAcmeRobotics, name: 'Leadership', color: '#388E3C', status: 'PENDING' },
        { tenantId: globex.id, companyId: globexConsulting.id, name: 'Compliance', color: '#F57C00', status: 'ACTIVE' },
      ])
      .returning();
    if (!safety || !onboarding || !leadership) throw new Error('Demo topics were not created');

    // The rules of the contents API: an INLINE content has a text and is READY; a REFERENCE one (Video, Podcast) is
    // DRAFT until a video is uploaded.
    const [welcomeArticle, safetyVideo, podcast] = await tx
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
        {
          ...ownedByAcmeRobotics,
          title: 'Leading a robotics team: the podcast',
          background: 'https://robotics.acme.example.com/images/podcast-cover.png',
          type: 'Podcast',
          renderType: 'REFERENCE',
          status: 'DRAFT',
        },
      ])
      .returning();
    if (!welcomeArticle || !safetyVideo || !podcast) throw new Error('Demo contents were not created');

    await tx.insert(contentTopics).values([
      { contentId: welcomeArticle.id, topicId: onboarding.id },
      { contentId: safetyVideo.id, topicId: safety.id },
      { contentId: safetyVideo.id, topicId: onboarding.id },
      { contentId: podcast.id, topicId: leadership.id },
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

    // Quizzes (issue 28): one question of each type in the safety check; the plan's QUIZ items take them.
    const [safetyCheck, gettingToKnowUs] = await seedDemoQuizzes(tx, ownedByAcmeRobotics, { safety: safety.id, onboarding: onboarding.id });
    const onboardingItems = await tx
      .insert(trainingPlanItems)
      .values([
        { moduleId: welcomeModule.id, position: 0, title: 'Read the welcome article', contentId: welcomeArticle.id },
        { moduleId: welcomeModule.id, position: 1, title: 'Getting to know us', type: 'QUIZ', quizId: gettingToKnowUs },
        { moduleId: safetyModule.id, position: 0, title: 'Watch the safety walkthrough', contentId: safetyVideo.id },
        { moduleId: safetyModule.id, position: 1, title: 'Safety check', type: 'QUIZ', quizId: safetyCheck },
      ])
      .returning({ id: trainingPlanItems.id, title: trainingPlanItems.title, type: trainingPlanItems.type });

    await seedDemoDelivery(tx, ownedByAcmeRobotics, onboardingPlan.id);
    await seedDemoStatements(tx, storeStatements, ownedByAcmeRobotics, onboardingPlan, onboardingItems);
    return true;
  });
}

const day = 24 * 60 * 60 * 1000;

/**
 * Learning delivery (issue 27): two groups of the demo company's learners, the PUBLISHED onboarding plan assigned to
 * one of them with a due date four weeks on, and to one learner directly with a due date a week past (overdue). The
 * enrolments follow from the triggers of migration 0020.
 */
async function seedDemoDelivery(tx: Database, owner: { tenantId: string; companyId: string }, planId: string) {
  const learners = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, owner.companyId), eq(users.admin, false)))
    .orderBy(asc(users.surname), asc(users.name), asc(users.id));
  const [newHires, warehouse] = await tx
    .insert(groups)
    .values([
      { ...owner, name: 'New hires', description: 'Everyone who joined this quarter' },
      { ...owner, name: 'Warehouse team', description: 'Forklift and logistics staff' },
    ])
    .returning({ id: groups.id });
  if (!newHires || !warehouse) throw new Error('Demo groups were not created');
  const members = [
    ...learners.slice(0, 5).map(({ id }) => ({ ...owner, groupId: newHires.id, userId: id })),
    ...learners.slice(4, 9).map(({ id }) => ({ ...owner, groupId: warehouse.id, userId: id })),
  ];
  if (members.length) await tx.insert(groupMembers).values(members);
  const now = Date.now();
  await tx
    .insert(planAssignments)
    .values([
      { ...owner, trainingPlanId: planId, target: 'GROUP', groupId: newHires.id, dueDate: new Date(now + 28 * day) },
      ...learners
        .slice(9, 10)
        .map(({ id }) => ({ ...owner, trainingPlanId: planId, target: 'USER' as const, userId: id, dueDate: new Date(now - 7 * day) })),
    ]);
}
