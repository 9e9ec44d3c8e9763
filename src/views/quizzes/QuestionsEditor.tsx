import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { multipleChoiceScorings, questionTypes, type QuestionType } from '../../domain/quizzes';
import type { FieldProblem } from '../../machines/form-fields';
import {
  addAccepted,
  addAnswer,
  addQuestion,
  changeAccepted,
  changeAnswer,
  duplicateQuestion,
  moveQuestion,
  removeAccepted,
  removeAnswer,
  removeQuestion,
  updateQuestion,
  type QuestionDraft,
  type QuestionProblems,
  type QuestionSet,
} from '../../machines/quiz-questions';
import { questionProblemText } from '../form/problem-text';

export interface QuestionsEditorProps {
  value: QuestionSet;
  problem: FieldProblem | undefined;
  disabled: boolean;
  onChange: (value: QuestionSet) => void;
}

/**
 * A quiz's questions, in order: add one of a type, duplicate, delete, move up and down (buttons, drag a question's
 * handle onto another's place, or by keyboard on the handle as modules and items: Space or Enter picks the question up
 * and drops it, the arrow keys move it, Escape puts it back; each step announced), and each question's text, points, answers and feedback. Every change is the form's
 * (the `questions` field of the form machine); what cannot be scored shows by its question and field once saving is
 * tried, the editor's rules and the API's alike.
 */
export function QuestionsEditor({ value, problem, disabled, onChange }: QuestionsEditorProps) {
  const { t } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<number | null>(null);
  const instructionsId = useId();
  /** The question picked up by keyboard (by its key) and where it was, for Escape. */
  const [picked, setPicked] = useState<{ key: string; from: number } | null>(null);
  const handles = useRef(new Map<string, HTMLElement>());
  /** The question moved by keyboard: its handle keeps the focus while the questions move around it. */
  const keyboardMoved = useRef<string | null>(null);
  const problems: QuestionProblems = problem && 'rule' in problem && problem.rule === 'questions' ? problem.at : {};
  const { questions } = value;
  const count = questions.length;

  const move = (from: number, to: number) => {
    onChange(moveQuestion(value, from, to));
    setAnnouncement(t('quizzes.moved', { from: from + 1, to: to + 1, count }));
  };

  useLayoutEffect(() => {
    const handle = keyboardMoved.current ? handles.current.get(keyboardMoved.current) : undefined;
    if (handle && handle.ownerDocument.activeElement !== handle) handle.focus();
  }, [questions]);

  type Step = 'ordered.pickedUp' | 'ordered.moved' | 'ordered.dropped' | 'ordered.cancelled';
  const say = (step: Step, question: QuestionDraft, position: number) =>
    setAnnouncement(
      t(step, { label: question.text.trim() || t('quizzes.questionNumber', { number: position + 1 }), position: position + 1, count }),
    );
  const handleKeys = (index: number) => (event: KeyboardEvent) => {
    const question = questions[index]!;
    const held = picked?.key === question.key ? picked : null;
    const to = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : index;
    if (event.key === ' ' || event.key === 'Enter') {
      setPicked(held ? null : { key: question.key, from: index });
      say(held ? 'ordered.dropped' : 'ordered.pickedUp', question, index);
    } else if (held && to !== index) {
      if (to >= 0 && to < count) {
        onChange(moveQuestion(value, index, to));
        say('ordered.moved', question, to);
      }
    } else if (held && event.key === 'Escape') {
      onChange(moveQuestion(value, index, held.from));
      setPicked(null);
      say('ordered.cancelled', question, held.from);
    } else return;
    event.preventDefault();
    event.stopPropagation();
    keyboardMoved.current = question.key;
  };
  const handleProps = (question: QuestionDraft, index: number) => ({
    picked: picked?.key === question.key,
    label: t('ordered.reorder', { label: t('quizzes.questionNumber', { number: index + 1 }) }),
    instructionsId,
    onKeyDown: handleKeys(index),
    onBlur: (event: { relatedTarget: EventTarget | null }) => {
      if (!event.relatedTarget) return;
      keyboardMoved.current = null;
      if (picked?.key === question.key) setPicked(null);
    },
    onDragStart: () => (dragged.current = index),
  });
  const drop = (to: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged.current !== null) move(dragged.current, to);
    dragged.current = null;
  };

  return (
    <Box component="section" aria-labelledby="questions-title" sx={{ gridColumn: '1 / -1' }}>
      <Typography id="questions-title" variant="h6" component="h2" gutterBottom>
        {t('quizzes.questions')}
      </Typography>
      {Object.keys(problems).length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problems.questions ? questionProblemText(problems.questions, t) : t('quizzes.questionsInvalid')}
        </Alert>
      )}
      {count === 0 && <Typography color="text.secondary">{t('quizzes.noQuestions')}</Typography>}
      <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {questions.map((question, index) => (
          <Paper
            key={question.key}
            component="li"
            variant="outlined"
            data-testid="question"
            aria-label={t('quizzes.questionNumber', { number: index + 1 })}
            onDragOver={(event) => event.preventDefault()}
            onDrop={drop(index)}
            sx={{ p: { xs: 1.5, sm: 2 } }}
          >
            <QuestionCard
              question={question}
              index={index}
              count={count}
              problems={problems}
              disabled={disabled}
              onChange={(change) => onChange(updateQuestion(value, index, change))}
              onSet={onChange}
              value={value}
              onMove={move}
              handle={handleProps(question, index)}
              attachHandle={(element) => {
                if (element) handles.current.set(question.key, element);
                else handles.current.delete(question.key);
              }}
            />
          </Paper>
        ))}
      </Stack>
      <Box aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      <Box id={instructionsId} sx={visuallyHidden}>
        {t('quizzes.reorderInstructions')}
      </Box>
      <Button
        sx={{ mt: 2 }}
        variant="outlined"
        startIcon={<AddIcon />}
        disabled={disabled || count >= 200}
        aria-haspopup="menu"
        onClick={(event) => setMenuAnchor(event.currentTarget)}
      >
        {t('quizzes.addQuestion')}
      </Button>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {questionTypes.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setMenuAnchor(null);
              onChange(addQuestion(value, type));
            }}
          >
            {t(`questionType.${type}`)}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}

/** Read by screen readers only; sizes in px (a bare 1 is 100% to MUI's sx). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

interface QuestionCardProps {
  question: QuestionDraft;
  index: number;
  count: number;
  problems: QuestionProblems;
  disabled: boolean;
  value: QuestionSet;
  onChange: (change: Partial<Omit<QuestionDraft, 'key' | 'id'>>) => void;
  onSet: (value: QuestionSet) => void;
  onMove: (from: number, to: number) => void;
  /** The drag handle: dragged with a mouse, or focused and moved by keyboard. */
  /** Keeps the handle's element, to give it back the focus after a keyboard move. */
  attachHandle: (element: HTMLElement | null) => void;
  handle: {
    picked: boolean;
    label: string;
    instructionsId: string;
    onKeyDown: (event: KeyboardEvent) => void;
    onBlur: (event: { relatedTarget: EventTarget | null }) => void;
    onDragStart: () => void;
  };
}

function QuestionCard({
  question,
  index,
  count,
  problems,
  disabled,
  value,
  onChange,
  onSet,
  onMove,
  handle,
  attachHandle,
}: QuestionCardProps) {
  const { t } = useTranslation();
  const number = index + 1;
  const at = (field: string) => {
    const found = problems[`questions.${index}.${field}`];
    return found ? questionProblemText(found, t) : undefined;
  };
  const text = (field: 'text' | 'correctFeedback' | 'incorrectFeedback', labelKey: string, required = false) => (
    <TextField
      label={t(labelKey)}
      value={question[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      error={Boolean(at(field))}
      helperText={at(field)}
      required={required}
      disabled={disabled}
      multiline
      minRows={field === 'text' ? 2 : 1}
      fullWidth
    />
  );
  const numberField = (field: 'points' | 'value' | 'tolerance', labelKey: string, required = false) => (
    <TextField
      label={t(labelKey)}
      type="number"
      value={question[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      error={Boolean(at(field))}
      helperText={at(field)}
      required={required}
      disabled={disabled}
      slotProps={{ htmlInput: { step: 'any' } }}
      sx={{ maxWidth: { sm: 220 } }}
      fullWidth
    />
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
        <Box
          component="span"
          role="button"
          ref={attachHandle}
          tabIndex={disabled ? -1 : 0}
          aria-label={handle.label}
          aria-describedby={handle.instructionsId}
          aria-pressed={handle.picked}
          aria-disabled={disabled || undefined}
          draggable={!disabled}
          onDragStart={handle.onDragStart}
          onKeyDown={disabled ? undefined : handle.onKeyDown}
          onBlur={handle.onBlur}
          title={t('quizzes.dragHint')}
          sx={{
            display: 'inline-flex',
            p: 0.5,
            borderRadius: 1,
            cursor: disabled ? 'default' : 'grab',
            color: handle.picked ? 'primary.main' : 'text.secondary',
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          <DragIndicatorIcon aria-hidden />
        </Box>
        <Typography component="h3" variant="subtitle1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('quizzes.questionNumber', { number })}
        </Typography>
        <IconButton
          aria-label={t('quizzes.moveUp', { number })}
          disabled={disabled || index === 0}
          onClick={() => onMove(index, index - 1)}
        >
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton
          aria-label={t('quizzes.moveDown', { number })}
          disabled={disabled || index === count - 1}
          onClick={() => onMove(index, index + 1)}
        >
          <ArrowDownwardIcon />
        </IconButton>
        <IconButton
          aria-label={t('quizzes.duplicate', { number })}
          disabled={disabled}
          onClick={() => onSet(duplicateQuestion(value, index))}
        >
          <ContentCopyIcon />
        </IconButton>
        <IconButton
          aria-label={t('quizzes.deleteQuestion', { number })}
          disabled={disabled}
          onClick={() => onSet(removeQuestion(value, index))}
        >
          <DeleteIcon />
        </IconButton>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('quizzes.questionType')}
          value={question.type}
          onChange={(event) => onChange({ type: event.target.value as QuestionType })}
          disabled={disabled}
          sx={{ minWidth: { sm: 260 } }}
          fullWidth
        >
          {questionTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`questionType.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        {numberField('points', 'quizzes.points', true)}
      </Stack>
      {text('text', 'quizzes.questionText', true)}
      {(question.type === 'SINGLE_CHOICE' || question.type === 'MULTIPLE_CHOICE') && (
        <ChoiceAnswers
          question={question}
          index={index}
          value={value}
          problem={at('answers')}
          at={at}
          disabled={disabled}
          onSet={onSet}
          onChange={onChange}
        />
      )}
      {question.type === 'TRUE_FALSE' && (
        <FormControl disabled={disabled}>
          <FormLabel id={`${question.key}-tf`}>{t('quizzes.correctAnswer')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${question.key}-tf`}
            value={question.correctAnswer ? 'true' : 'false'}
            onChange={(event) => onChange({ correctAnswer: event.target.value === 'true' })}
          >
            <FormControlLabel value="true" control={<Radio />} label={t('quizzes.true')} />
            <FormControlLabel value="false" control={<Radio />} label={t('quizzes.false')} />
          </RadioGroup>
        </FormControl>
      )}
      {question.type === 'SHORT_ANSWER' && (
        <Stack spacing={1}>
          <FormLabel>{t('quizzes.acceptedAnswers')}</FormLabel>
          {question.acceptedAnswers.map((accepted, position) => (
            <Stack key={position} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={t('quizzes.acceptedAnswer', { number: position + 1 })}
                value={accepted}
                onChange={(event) => onSet(changeAccepted(value, index, position, event.target.value))}
                error={Boolean(at(`acceptedAnswers.${position}`))}
                helperText={at(`acceptedAnswers.${position}`)}
                disabled={disabled}
                fullWidth
              />
              <IconButton
                aria-label={t('quizzes.removeAccepted', { number: position + 1 })}
                disabled={disabled}
                onClick={() => onSet(removeAccepted(value, index, position))}
              >
                <CloseIcon />
              </IconButton>
            </Stack>
          ))}
          {at('acceptedAnswers') && <FormHelperText error>{at('acceptedAnswers')}</FormHelperText>}
          <Box>
            <Button size="small" startIcon={<AddIcon />} disabled={disabled} onClick={() => onSet(addAccepted(value, index))}>
              {t('quizzes.addAccepted')}
            </Button>
          </Box>
          <FormHelperText>{t('quizzes.acceptedHelp')}</FormHelperText>
        </Stack>
      )}
      {question.type === 'NUMERIC' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {numberField('value', 'quizzes.value', true)}
          {numberField('tolerance', 'quizzes.tolerance')}
        </Stack>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {text('correctFeedback', 'quizzes.correctFeedback')}
        {text('incorrectFeedback', 'quizzes.incorrectFeedback')}
      </Stack>
    </Stack>
  );
}

interface ChoiceAnswersProps {
  question: QuestionDraft;
  index: number;
  value: QuestionSet;
  problem: string | undefined;
  at: (field: string) => string | undefined;
  disabled: boolean;
  onSet: (value: QuestionSet) => void;
  onChange: (change: Partial<Omit<QuestionDraft, 'key' | 'id'>>) => void;
}

/** A choice question's answers, each marked right or not (one only for a single choice), and a multiple choice's scoring. */
function ChoiceAnswers({ question, index, value, problem, at, disabled, onSet, onChange }: ChoiceAnswersProps) {
  const { t } = useTranslation();
  const single = question.type === 'SINGLE_CHOICE';
  return (
    <Stack spacing={1}>
      {!single && (
        <TextField
          select
          label={t('quizzes.scoring')}
          value={question.scoring}
          onChange={(event) => onChange({ scoring: event.target.value as QuestionDraft['scoring'] })}
          disabled={disabled}
          sx={{ maxWidth: { sm: 320 } }}
          fullWidth
        >
          {multipleChoiceScorings.map((scoring) => (
            <MenuItem key={scoring} value={scoring}>
              {t(`scoring.${scoring}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <FormLabel>{t(single ? 'quizzes.answersSingle' : 'quizzes.answersMultiple')}</FormLabel>
      {question.answers.map((answer, position) => {
        const label = t('quizzes.answer', { number: position + 1 });
        const correctLabel = t('quizzes.markCorrect', { answer: position + 1 });
        const Control = single ? Radio : Checkbox;
        return (
          <Stack key={answer.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Control
              checked={answer.correct}
              disabled={disabled}
              onChange={(event) => onSet(changeAnswer(value, index, position, { correct: event.target.checked }))}
              slotProps={{ input: { 'aria-label': correctLabel } }}
              sx={{ mt: 1 }}
            />
            <TextField
              label={label}
              value={answer.text}
              onChange={(event) => onSet(changeAnswer(value, index, position, { text: event.target.value }))}
              error={Boolean(at(`answers.${position}.text`))}
              helperText={at(`answers.${position}.text`)}
              disabled={disabled}
              fullWidth
            />
            <IconButton
              aria-label={t('quizzes.removeAnswer', { number: position + 1 })}
              disabled={disabled}
              onClick={() => onSet(removeAnswer(value, index, position))}
            >
              <CloseIcon />
            </IconButton>
          </Stack>
        );
      })}
      {problem && (
        <FormHelperText error role="alert">
          {problem}
        </FormHelperText>
      )}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={disabled || question.answers.length >= 20}
          onClick={() => onSet(addAnswer(value, index))}
        >
          {t('quizzes.addAnswer')}
        </Button>
      </Box>
    </Stack>
  );
}
