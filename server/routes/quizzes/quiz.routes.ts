import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import { IdParams } from '../../../contract/common.schemas';
import { errorResponses } from '../../../contract/errors.schemas';
import { QtiImportResult, QuizPreviewBody, QuizResult, type Quiz } from '../../../contract/quizzes.schemas';
import type { AuthSession } from '../../auth/auth-session';
import { owners, reachOf } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import { quizzes } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { validatorCompiler } from '../../http/validation';
import { resourceStore } from '../../store/resource-store';
import { allow } from '../resource/resource.routes';
import { exportQuiz } from './qti/qti-export';
import { importPackage } from './qti/qti-import';
import { packageLimits } from './qti/qti-package';
import { contentOf, invalidFields, quizzesResource } from './quizzes.resource';
import { scoreQuiz } from './scoring';

/** The content types a zip arrives with: browsers send `application/x-zip-compressed` on Windows. */
const zipTypes = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/** The body of an import is the package itself: a non-empty buffer, whatever the schema documents. */
const packageBody: FastifySchemaCompiler<TSchema> = (route) =>
  route.httpPart === 'body'
    ? (data) =>
        Buffer.isBuffer(data) && data.length > 0
          ? { value: data }
          : {
              error: [
                {
                  keyword: 'package',
                  instancePath: '',
                  schemaPath: '#',
                  params: {},
                  message: 'must be a QTI 3.0 package: a zip sent as application/zip',
                },
              ] as never,
            }
    : validatorCompiler(route);

async function quizInReach(db: Database, session: AuthSession, id: string) {
  const [row] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, id), reachOf(session, owners.quizzes)));
  if (!row) throw notFound('Quiz not found', 'QUIZ_NOT_FOUND');
  return row;
}

/** A file name for the package: the title's letters and digits, else the quiz's id; the whole title as `filename*`. */
function attachment(title: string, id: string) {
  const ascii =
    title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .toLowerCase() || id;
  return `attachment; filename="quiz-${ascii}.zip"; filename*=UTF-8''${encodeURIComponent(`${title.slice(0, 100)}.zip`)}`;
}

/**
 * What a quiz does beyond its record: the admin's preview (scored by the learners' scorer, nothing recorded), and the
 * QTI 3.0 exchange (export a quiz as a package, import a package as a new quiz). COMPANY admins, their company's
 * quizzes only (another's is 404).
 */
export const quizRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const access = allow(quizzesResource.access.write);
  const store = resourceStore(quizzesResource, app.listSettings.exactCountLimit);

  app.post(
    '/:id/preview',
    {
      onRequest: access,
      schema: {
        summary: 'Score answers to a quiz as a learner’s attempt would be scored, without recording anything',
        description:
          'The quiz as it is stored now. Each question answered at most once, with the field its type takes ' +
          '(answerIds, value, text, number); a question left out is unanswered. 400 naming answers.N… for answers ' +
          'that cannot be a learner’s (a question not in the quiz, answered twice, the wrong kind of answer, an unknown answer id).',
        tags: ['quizzes'],
        params: IdParams,
        body: QuizPreviewBody,
        response: { 200: QuizResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await quizInReach(request.db, request.session, request.params.id);
      const scored = scoreQuiz(contentOf(row), request.body.answers);
      if (!scored.ok) throw invalidFields(scored.errors);
      return scored.result;
    },
  );

  app.get(
    '/:id/qti',
    {
      onRequest: access,
      schema: {
        summary: 'Export a quiz as an IMS QTI 3.0 content package (zip)',
        description:
          'imsmanifest.xml, assessment-test.xml and one qti-assessment-item per question (items/Q-{questionId}.xml), ' +
          'in the QTI 3.0 namespaces. Attempts allowed and topics are not part of QTI and are not exported.',
        tags: ['quizzes'],
        produces: ['application/zip'],
        params: IdParams,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The package (application/zip)' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const row = await quizInReach(request.db, request.session, request.params.id);
      const zip = await exportQuiz({ id: row.id, ...contentOf(row) });
      return reply.type('application/zip').header('content-disposition', attachment(row.title, row.id)).send(zip);
    },
  );

  await app.register(async (qti) => {
    qti.addContentTypeParser(zipTypes, { parseAs: 'buffer', bodyLimit: packageLimits.zipBytes }, (_request, body, done) =>
      done(null, body),
    );
    qti.post(
      '/qti',
      {
        onRequest: access,
        config: { idempotent: true },
        bodyLimit: packageLimits.zipBytes,
        validatorCompiler: packageBody,
        schema: {
          summary: 'Import an IMS QTI 3.0 content package as a new DRAFT quiz; answers the quiz and what became of each item',
          description:
            'Body: the zip (application/zip, at most 20 MiB). Each item is IMPORTED, IMPORTED_WITH_CHANGES or SKIPPED, ' +
            'with its problems; what of the package as a whole was not imported is in notes. A package that is not ' +
            'one (not a zip, unsafe file names, zip bombs, no manifest, malformed XML, a DTD, another namespace than ' +
            'QTI 3.0, nothing importable) is 400 and nothing is written.',
          tags: ['quizzes'],
          consumes: zipTypes,
          body: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The package (a zip)' }),
          response: { 201: QtiImportResult, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const imported = await importPackage(request.body as Buffer);
        const quiz = (await store.create(request.db, request.session, imported.body)) as Quiz;
        return reply.code(201).send({ quiz, items: imported.items, notes: imported.notes });
      },
    );
  });
};
