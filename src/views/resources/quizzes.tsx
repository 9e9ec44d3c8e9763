import Chip from '@mui/material/Chip';
import { quizLimits, quizStatuses } from '../../domain/quizzes';
import type { FieldConfig } from '../form/form-config';
import { QuizExtras } from '../quizzes/lazy-quiz-views';
import type { ResourceConfig } from './resource-config';
import { listFields } from '../../domain/resource';
import { filterConfigs } from '../list/list-config';
import { withRequired } from './required-fields';

/**
 * A quiz's own fields and settings (its questions are edited below them). Attempts and the time limit are optional
 * numbers: empty is unlimited, no limit.
 */
export const quizFields: FieldConfig[] = withRequired('quizzes', [
  { name: 'title', kind: 'text', labelKey: 'fields.title' },
  { name: 'description', kind: 'text', labelKey: 'fields.description', multiline: true },
  {
    name: 'topics',
    kind: 'references',
    labelKey: 'fields.topics',
    wireName: 'topicIds',
    reference: { resource: 'topics', colorField: 'color' },
  },
  {
    name: 'status',
    kind: 'select',
    labelKey: 'fields.status',
    defaultValue: 'DRAFT',
    options: quizStatuses.map((value) => ({ value, labelKey: `quizStatus.${value}` })),
  },
  {
    name: 'passMark',
    kind: 'number',
    labelKey: 'quizzes.passMark',
    rules: [{ wholeNumber: { min: 0, max: 100 } }],
    defaultValue: String(quizLimits.passMarkDefault),
  },
  {
    name: 'attemptsAllowed',
    kind: 'number',
    labelKey: 'quizzes.attemptsAllowed',
    helperKey: 'quizzes.attemptsAllowedHelp',
    rules: [{ wholeNumber: { min: 1, max: quizLimits.maxAttempts } }],
  },
  {
    name: 'timeLimitMinutes',
    kind: 'number',
    labelKey: 'quizzes.timeLimitMinutes',
    helperKey: 'quizzes.timeLimitHelp',
    rules: [{ wholeNumber: { min: 1, max: quizLimits.maxTimeLimitMinutes } }],
  },
  { name: 'shuffleQuestions', kind: 'switch', labelKey: 'quizzes.shuffleQuestions', defaultValue: false },
  { name: 'shuffleAnswers', kind: 'switch', labelKey: 'quizzes.shuffleAnswers', defaultValue: false },
  { name: 'showCorrectAnswers', kind: 'switch', labelKey: 'quizzes.showCorrectAnswers', defaultValue: false },
  { name: 'questions', kind: 'questions', labelKey: 'quizzes.questions' },
]);

/** A company's quizzes: deleted unless a training plan uses one (the API says which: 409). */
export const quizzesResource: ResourceConfig<'quizzes'> = {
  name: 'quizzes',
  list: {
    titleKey: 'pages.quizzes',
    allowedSorts: listFields.quizzes.sorts,
    filters: filterConfigs(listFields.quizzes.filters, { status: { labelKey: 'fields.status', valuesKey: 'quizStatus' } }),
    phone: { primary: ['title'], secondary: ['status'] },
    columns: [
      { field: 'title', headerKey: 'fields.title', sortBy: 'title', onPhone: true },
      {
        field: 'status',
        headerKey: 'fields.status',
        sortBy: 'status',
        width: 120,
        render: ({ status }, t) => (
          <Chip size="small" label={t(`quizStatus.${status}`)} color={status === 'READY' ? 'success' : 'default'} />
        ),
      },
      { field: 'questionCount', headerKey: 'quizzes.questionCount', width: 110 },
      { field: 'totalPoints', headerKey: 'quizzes.totalPoints', width: 100 },
      { field: 'passMark', headerKey: 'quizzes.passMark', width: 170 },
      {
        field: 'attemptsAllowed',
        headerKey: 'quizzes.attemptsAllowed',
        width: 160,
        render: ({ attemptsAllowed }, t) => attemptsAllowed ?? t('quizzes.unlimited'),
      },
    ],
    deletable: true,
    bulkActions: ['delete'],
    deletedKey: 'feedback.quizDeleted',
  },
  form: {
    newTitleKey: 'pages.quizNew',
    editTitleKey: 'pages.quizEdit',
    loadErrorKey: 'loadingError.quiz',
    createdKey: 'feedback.quizCreated',
    updatedKey: 'feedback.quizUpdated',
    createFailedKey: 'feedback.createFailed',
    updateFailedKey: 'feedback.updateFailed',
    stayAfterCreate: true,
    deletion: { blockedKey: 'feedback.deleteFailed' },
    deletedKey: 'feedback.quizDeleted',
    fields: () => quizFields,
    Extra: QuizExtras,
  },
};
