import { randomUUID } from 'node:crypto';
import type { Question, QuizContent } from '../../contract/quizzes.schemas';
import type { Database } from './client';
import { quizTopics, quizVersions, quizzes } from './schema';

const choice = (text: string, correct = false) => ({ id: randomUUID(), text, correct });

/** The demo quizzes' texts and settings (the rules of the quizzes API hold: server/routes/quizzes/question-rules.ts). */
function demoQuizzes(): (Omit<QuizContent, 'questions'> & { status: 'READY'; questions: Question[] })[] {
  const common = { correctFeedback: null, incorrectFeedback: null };
  return [
    {
      title: 'Workshop safety check',
      description: 'Five questions on the workshop safety walkthrough, one of each kind. 70% passes.',
      status: 'READY',
      passMark: 70,
      attemptsAllowed: 3,
      timeLimitMinutes: 15,
      shuffleQuestions: false,
      shuffleAnswers: true,
      showCorrectAnswers: true,
      questions: [
        {
          id: randomUUID(),
          type: 'SINGLE_CHOICE',
          text: 'What do you put on before entering the robot cell?',
          points: 2,
          correctFeedback: 'Right: safety glasses, every time.',
          incorrectFeedback: 'Safety glasses come first, whatever the task.',
          answers: [choice('Safety glasses', true), choice('A tie'), choice('Headphones')],
        },
        {
          id: randomUUID(),
          type: 'MULTIPLE_CHOICE',
          scoring: 'PARTIAL',
          text: 'Which of these stop a robot arm at once? (Choose every one that does.)',
          points: 3,
          correctFeedback: 'Both stops, and nothing else.',
          incorrectFeedback: 'The emergency stop and the light curtain stop the arm; the door sign does not.',
          answers: [choice('The emergency stop button', true), choice('The light curtain', true), choice('The sign on the door')],
        },
        {
          id: randomUUID(),
          type: 'TRUE_FALSE',
          text: 'A robot that stands still may start moving without warning.',
          points: 1,
          correctFeedback: 'True: a still robot may be waiting for its next cycle.',
          incorrectFeedback: 'It is true: a robot standing still may be waiting for its next cycle.',
          correctAnswer: true,
        },
        {
          id: randomUUID(),
          type: 'SHORT_ANSWER',
          text: 'What colour is the emergency stop button?',
          points: 1,
          ...common,
          acceptedAnswers: ['Red', 'Rosso'],
        },
        {
          id: randomUUID(),
          type: 'NUMERIC',
          text: 'How many metres must you keep from a moving arm?',
          points: 1,
          correctFeedback: null,
          incorrectFeedback: 'Keep at least 1.5 metres away.',
          value: 1.5,
          tolerance: 0.25,
        },
      ],
    },
    {
      title: 'Getting to know Acme Robotics',
      description: null,
      status: 'READY',
      passMark: 50,
      attemptsAllowed: null,
      timeLimitMinutes: null,
      shuffleQuestions: true,
      shuffleAnswers: false,
      showCorrectAnswers: false,
      questions: [
        {
          id: randomUUID(),
          type: 'SINGLE_CHOICE',
          text: 'Where is the Acme Robotics head office?',
          points: 1,
          ...common,
          answers: [choice('Milano', true), choice('Roma'), choice('Torino')],
        },
        {
          id: randomUUID(),
          type: 'TRUE_FALSE',
          text: 'Every new hire meets their mentor in the first week.',
          points: 1,
          ...common,
          correctAnswer: true,
        },
      ],
    },
  ];
}

/**
 * The demo company's quizzes (READY, each stored with its first version as the API would) and their topics; the
 * QUIZ items of the demo plan point at them. Answers the quizzes' ids in the order of `demoQuizzes`.
 */
export async function seedDemoQuizzes(
  tx: Database,
  owner: { tenantId: string; companyId: string },
  topicIds: { safety: string; onboarding: string },
): Promise<[string, string]> {
  const rows = await tx
    .insert(quizzes)
    .values(demoQuizzes().map((quiz) => ({ ...owner, ...quiz })))
    .returning();
  await tx.insert(quizVersions).values(
    rows.map((row) => ({
      quizId: row.id,
      version: row.version,
      ...owner,
      content: {
        title: row.title,
        description: row.description,
        passMark: row.passMark,
        attemptsAllowed: row.attemptsAllowed,
        timeLimitMinutes: row.timeLimitMinutes,
        shuffleQuestions: row.shuffleQuestions,
        shuffleAnswers: row.shuffleAnswers,
        showCorrectAnswers: row.showCorrectAnswers,
        questions: row.questions,
      },
    })),
  );
  const [safetyCheck, welcome] = rows;
  if (!safetyCheck || !welcome) throw new Error('Demo quizzes were not created');
  await tx.insert(quizTopics).values([
    { quizId: safetyCheck.id, topicId: topicIds.safety },
    { quizId: welcome.id, topicId: topicIds.onboarding },
  ]);
  return [safetyCheck.id, welcome.id];
}
