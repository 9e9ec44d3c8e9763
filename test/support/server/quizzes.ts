import type { Quiz, QuizResult } from '../../../contract/quizzes.schemas';
import type { Api } from './resources';

/** A quiz body with one question of each type, the settings away from their defaults. */
export function quizOfEveryType(title = 'Every type') {
  return {
    title,
    description: 'One question of each type.',
    passMark: 60,
    attemptsAllowed: 2,
    timeLimitMinutes: 20,
    shuffleQuestions: true,
    shuffleAnswers: true,
    showCorrectAnswers: true,
    questions: [
      {
        type: 'SINGLE_CHOICE',
        text: 'Which colour is the emergency stop?',
        points: 2,
        correctFeedback: 'Red, always.',
        incorrectFeedback: 'It is red.',
        answers: [
          { text: 'Red', correct: true },
          { text: 'Green', correct: false },
        ],
      },
      {
        type: 'MULTIPLE_CHOICE',
        scoring: 'PARTIAL',
        text: 'Which of these are protective equipment?\nChoose every one.',
        points: 3,
        answers: [
          { text: 'Gloves', correct: true },
          { text: 'Goggles', correct: true },
          { text: 'Sandals', correct: false },
        ],
      },
      { type: 'TRUE_FALSE', text: 'A stopped robot is always safe.', correctAnswer: false, incorrectFeedback: 'It may restart.' },
      { type: 'SHORT_ANSWER', text: 'Name the button that stops everything.', acceptedAnswers: ['Emergency stop', 'E-stop'] },
      { type: 'NUMERIC', text: 'How many metres away do you stay?', points: 1.5, value: 1.5, tolerance: 0.25 },
    ],
  };
}

export async function createQuiz(api: Api, body: object = quizOfEveryType()): Promise<Quiz> {
  const response = await api.post('/api/quizzes', body);
  if (response.statusCode !== 201) throw new Error(`quiz not created: ${response.statusCode} ${response.body}`);
  return response.json<Quiz>();
}

/** The answers that earn every point of a quiz's questions. */
export function rightAnswers(quiz: Pick<Quiz, 'questions'>) {
  return quiz.questions.map((question) => {
    switch (question.type) {
      case 'SINGLE_CHOICE':
      case 'MULTIPLE_CHOICE':
        return { questionId: question.id, answerIds: question.answers.filter((answer) => answer.correct).map((answer) => answer.id) };
      case 'TRUE_FALSE':
        return { questionId: question.id, value: question.correctAnswer };
      case 'SHORT_ANSWER':
        return { questionId: question.id, text: question.acceptedAnswers[0]! };
      case 'NUMERIC':
        return { questionId: question.id, number: question.value + question.tolerance };
    }
  });
}

export async function preview(api: Api, quizId: string, answers: unknown[]): Promise<QuizResult> {
  const response = await api.post(`/api/quizzes/${quizId}/preview`, { answers });
  if (response.statusCode !== 200) throw new Error(`preview refused: ${response.statusCode} ${response.body}`);
  return response.json<QuizResult>();
}
