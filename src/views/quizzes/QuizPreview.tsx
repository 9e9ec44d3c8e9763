import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newPreviewSeed, shownOrder } from '../../domain/quiz-order';
import type { Question, Quiz, QuizAnswer, QuizResult } from '../../domain/quizzes';
import {
  selectCurrent,
  selectIsScoring,
  selectOneAtATime,
  selectPreviewAnswers,
  selectPreviewResult,
} from '../../machines/quiz-preview.machine';
import { useConsoleActorRef, useQuizPreviewMachine } from '../actors';

/**
 * "Preview": the quiz as last saved, as a learner sees it (without which answers are right): its questions and answers
 * shuffled when the quiz says so (a new order each time the preview opens), its time limit, one question at a time or
 * all at once; Submit has the server score the answers (nothing is recorded) and shows the score and each question's
 * feedback, and the right answers when the quiz shows them.
 */
export function QuizPreview({ quiz }: { quiz: Quiz }) {
  const { t } = useTranslation();
  const [seed] = useState(newPreviewSeed);
  const questions = useMemo(() => shownOrder(quiz, seed), [quiz, seed]);
  const preview = useConsoleActorRef(useQuizPreviewMachine(), {
    input: { quizId: quiz.id, questionIds: questions.map((question) => question.id) },
  });
  const answers = useSelector(preview, selectPreviewAnswers);
  const result = useSelector(preview, selectPreviewResult);
  const scoring = useSelector(preview, selectIsScoring);
  const oneAtATime = useSelector(preview, selectOneAtATime);
  const current = useSelector(preview, selectCurrent);
  const canNext = useSelector(preview, (snapshot) => snapshot.can({ type: 'preview.next' }));
  const canPrevious = useSelector(preview, (snapshot) => snapshot.can({ type: 'preview.previous' }));
  const count = questions.length;

  if (count === 0) return <Typography color="text.secondary">{t('preview.noQuestions')}</Typography>;
  if (result) return <PreviewResult questions={questions} result={result} onAgain={() => preview.send({ type: 'preview.again' })} />;

  const shown = oneAtATime ? questions.slice(current, current + 1) : questions;
  return (
    <Stack spacing={2} data-testid="quiz-preview">
      <ToggleButtonGroup
        exclusive
        size="small"
        value={oneAtATime ? 'one' : 'all'}
        aria-label={t('preview.layout')}
        onChange={(_, layout: string | null) => layout && preview.send({ type: 'preview.layout', oneAtATime: layout === 'one' })}
      >
        <ToggleButton value="one">{t('preview.oneAtATime')}</ToggleButton>
        <ToggleButton value="all">{t('preview.allAtOnce')}</ToggleButton>
      </ToggleButtonGroup>
      {quiz.timeLimitMinutes !== null && (
        <Typography color="text.secondary">{t('preview.timeLimit', { count: quiz.timeLimitMinutes })}</Typography>
      )}
      {shown.map((question) => {
        const index = questions.indexOf(question);
        return (
          <Paper key={question.id} variant="outlined" sx={{ p: 2 }}>
            <PreviewQuestion
              question={question}
              number={index + 1}
              count={count}
              answer={answers[question.id]}
              disabled={scoring}
              onAnswer={(answer) => preview.send({ type: 'preview.answer', answer })}
            />
          </Paper>
        );
      })}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {oneAtATime && (
          <>
            <Button disabled={!canPrevious} onClick={() => preview.send({ type: 'preview.previous' })}>
              {t('preview.previous')}
            </Button>
            <Button disabled={!canNext} onClick={() => preview.send({ type: 'preview.next' })}>
              {t('preview.next')}
            </Button>
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" disabled={scoring} onClick={() => preview.send({ type: 'preview.submit' })}>
          {scoring ? t('preview.scoring') : t('preview.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}

interface PreviewQuestionProps {
  question: Question;
  number: number;
  count: number;
  answer: QuizAnswer | undefined;
  disabled: boolean;
  onAnswer: (answer: QuizAnswer) => void;
}

function PreviewQuestion({ question, number, count, answer, disabled, onAnswer }: PreviewQuestionProps) {
  const { t } = useTranslation();
  const labelId = `preview-${question.id}`;
  const heading = (
    <FormLabel id={labelId} sx={{ color: 'text.primary', mb: 1 }}>
      <Typography component="span" variant="overline" sx={{ display: 'block' }}>
        {t('preview.questionOf', { number, count })} · {t('preview.points', { count: question.points })}
      </Typography>
      <Typography component="span" sx={{ whiteSpace: 'pre-wrap' }}>
        {question.text}
      </Typography>
    </FormLabel>
  );
  const id = question.id;
  switch (question.type) {
    case 'SINGLE_CHOICE':
      return (
        <FormControl disabled={disabled} fullWidth>
          {heading}
          <RadioGroup
            aria-labelledby={labelId}
            value={answer?.answerIds?.[0] ?? ''}
            onChange={(event) => onAnswer({ questionId: id, answerIds: [event.target.value] })}
          >
            {question.answers.map((option) => (
              <FormControlLabel key={option.id} value={option.id} control={<Radio />} label={option.text} />
            ))}
          </RadioGroup>
        </FormControl>
      );
    case 'MULTIPLE_CHOICE': {
      const chosen = answer?.answerIds ?? [];
      return (
        <FormControl component="fieldset" disabled={disabled} fullWidth>
          {heading}
          <FormGroup aria-labelledby={labelId}>
            {question.answers.map((option) => (
              <FormControlLabel
                key={option.id}
                control={
                  <Checkbox
                    checked={chosen.includes(option.id)}
                    onChange={(event) =>
                      onAnswer({
                        questionId: id,
                        answerIds: event.target.checked ? [...chosen, option.id] : chosen.filter((chosenId) => chosenId !== option.id),
                      })
                    }
                  />
                }
                label={option.text}
              />
            ))}
          </FormGroup>
        </FormControl>
      );
    }
    case 'TRUE_FALSE':
      return (
        <FormControl disabled={disabled} fullWidth>
          {heading}
          <RadioGroup
            row
            aria-labelledby={labelId}
            value={answer?.value === undefined ? '' : String(answer.value)}
            onChange={(event) => onAnswer({ questionId: id, value: event.target.value === 'true' })}
          >
            <FormControlLabel value="true" control={<Radio />} label={t('quizzes.true')} />
            <FormControlLabel value="false" control={<Radio />} label={t('quizzes.false')} />
          </RadioGroup>
        </FormControl>
      );
    case 'SHORT_ANSWER':
    case 'NUMERIC':
      return (
        <TypedAnswer question={question} heading={heading} labelId={labelId} answer={answer} disabled={disabled} onAnswer={onAnswer} />
      );
  }
}

/** A short answer's text, or a numeric answer (kept as typed until it is a number). */
function TypedAnswer({
  question,
  heading,
  labelId,
  answer,
  disabled,
  onAnswer,
}: Omit<PreviewQuestionProps, 'number' | 'count'> & { heading: React.ReactNode; labelId: string }) {
  const { t } = useTranslation();
  const numeric = question.type === 'NUMERIC';
  const [typed, setTyped] = useState(() => (numeric ? (answer?.number === undefined ? '' : String(answer.number)) : (answer?.text ?? '')));
  return (
    <FormControl disabled={disabled} fullWidth>
      {heading}
      <TextField
        label={t(numeric ? 'preview.yourNumber' : 'preview.yourAnswer')}
        type={numeric ? 'number' : 'text'}
        value={typed}
        disabled={disabled}
        slotProps={{ htmlInput: { 'aria-describedby': labelId, ...(numeric && { step: 'any' }) } }}
        onChange={(event) => {
          const text = event.target.value;
          setTyped(text);
          if (!numeric) onAnswer({ questionId: question.id, text });
          else {
            const number = text.trim() === '' ? Number.NaN : Number(text);
            onAnswer(Number.isFinite(number) ? { questionId: question.id, number } : { questionId: question.id });
          }
        }}
        fullWidth
      />
    </FormControl>
  );
}

const outcomeColors = { CORRECT: 'success', PARTIAL: 'warning', INCORRECT: 'error', UNANSWERED: 'default' } as const;

/** The score, then each question's outcome and feedback, in the order the questions were shown. */
function PreviewResult({ questions, result, onAgain }: { questions: Question[]; result: QuizResult; onAgain: () => void }) {
  const { t } = useTranslation();
  const position = (questionId: string) => questions.findIndex(({ id }) => id === questionId);
  const inOrder = [...result.questions].sort((a, b) => position(a.questionId) - position(b.questionId));
  return (
    <Stack spacing={2} data-testid="quiz-preview-result">
      <Alert severity={result.passed ? 'success' : 'warning'} role="status">
        <Typography sx={{ fontWeight: 600 }}>
          {t(result.passed ? 'preview.passed' : 'preview.failedQuiz', {
            score: result.score,
            maxScore: result.maxScore,
            percent: result.percent,
            passMark: result.passMark,
          })}
        </Typography>
      </Alert>
      {inOrder.map((scored, index) => {
        const question = questions.find(({ id }) => id === scored.questionId);
        return (
          <Paper key={scored.questionId} variant="outlined" sx={{ p: 2 }} data-testid="preview-question-result">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
              <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>
                {t('preview.questionOf', { number: index + 1, count: result.questions.length })}
                {question ? ` — ${question.text}` : ''}
              </Typography>
              <Chip size="small" color={outcomeColors[scored.outcome]} label={t(`preview.outcome.${scored.outcome}`)} />
              <Typography variant="body2">{t('preview.earned', { points: scored.points, maxPoints: scored.maxPoints })}</Typography>
            </Stack>
            {scored.feedback && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{scored.feedback}</Typography>}
            {scored.correctAnswer && question && (
              <Typography variant="body2" color="text.secondary">
                {t('preview.rightAnswer', { answer: correctText(question, scored.correctAnswer, t) })}
              </Typography>
            )}
          </Paper>
        );
      })}
      <Box>
        <Button variant="outlined" onClick={onAgain}>
          {t('preview.again')}
        </Button>
      </Box>
    </Stack>
  );
}

function correctText(
  question: Question,
  correct: NonNullable<QuizResult['questions'][number]['correctAnswer']>,
  t: (key: string) => string,
) {
  if (correct.answerIds && 'answers' in question)
    return question.answers
      .filter(({ id }) => correct.answerIds!.includes(id))
      .map(({ text }) => text)
      .join(', ');
  if (correct.value !== undefined) return t(correct.value ? 'quizzes.true' : 'quizzes.false');
  if (correct.acceptedAnswers) return correct.acceptedAnswers.join(' / ');
  if (correct.number !== undefined) return correct.tolerance ? `${correct.number} ± ${correct.tolerance}` : String(correct.number);
  return '';
}
