-- Quizzes: catalogue entries of a company, like its contents, that a training plan's QUIZ items point at.
--
-- quizzes          one row per quiz: its texts, settings and its questions (an ordered JSON array, validated by the
--                  API: server/routes/quizzes/question-rules.ts).
-- quiz_topics      the quiz's topics (as content_topics).
-- quiz_versions    what learners are scored against: every version of a quiz's title, settings and questions, written
--                  with the quiz in the same transaction (version 1 on create, each update its own). An attempt names
--                  the version it was taken on, so editing a quiz never changes a past score.
-- quiz_attempts    learners' attempts (written by the learner endpoints): the answers, the score and the version.
--                  `number` is the learner's 1st, 2nd… attempt at the quiz, unique per quiz and learner, so two
--                  attempts sent at once cannot both take the last one allowed.
--
-- training_plan_items.quiz_id: a QUIZ item's quiz (a CONTENT item has a content, a QUIZ item a quiz, never the
-- other). QUIZ items that pointed at a content before this migration lose that content: a QUIZ item has no
-- content (the API now refuses one, and switching an item to QUIZ drops it the same way).

CREATE TABLE quizzes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  title text NOT NULL,
  description text,
  status text NOT NULL DEFAULT 'DRAFT',
  pass_mark integer NOT NULL DEFAULT 70,
  attempts_allowed integer,
  time_limit_minutes integer,
  shuffle_questions boolean NOT NULL DEFAULT false,
  shuffle_answers boolean NOT NULL DEFAULT false,
  show_correct_answers boolean NOT NULL DEFAULT false,
  questions jsonb NOT NULL DEFAULT '[]'::jsonb,
  CONSTRAINT quizzes_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT,
  CONSTRAINT quizzes_status_check CHECK (status IN ('DRAFT', 'READY')),
  CONSTRAINT quizzes_pass_mark_check CHECK (pass_mark >= 0 AND pass_mark <= 100),
  CONSTRAINT quizzes_attempts_allowed_check CHECK (attempts_allowed IS NULL OR attempts_allowed >= 1),
  CONSTRAINT quizzes_time_limit_check CHECK (time_limit_minutes IS NULL OR time_limit_minutes >= 1),
  CONSTRAINT quizzes_questions_check CHECK (jsonb_typeof(questions) = 'array'),
  CONSTRAINT quizzes_ready_has_questions_check CHECK (status = 'DRAFT' OR jsonb_array_length(questions) > 0)
);
CREATE INDEX quizzes_tenant_id_idx ON quizzes (tenant_id);
-- Listed by COMPANY users only: one btree per allowed sort (and the default order, created_at) under company_id.
CREATE INDEX quizzes_company_id_id_idx ON quizzes (company_id, id);
CREATE INDEX quizzes_company_id_title_id_idx ON quizzes (company_id, title, id);
CREATE INDEX quizzes_company_id_status_id_idx ON quizzes (company_id, status, id);
CREATE INDEX quizzes_company_id_created_at_id_idx ON quizzes (company_id, created_at, id);
CREATE INDEX quizzes_company_id_updated_at_id_idx ON quizzes (company_id, updated_at, id);
CREATE INDEX quizzes_title_trgm_idx ON quizzes USING gin (title gin_trgm_ops);
CREATE TRIGGER quizzes_set_updated_at BEFORE UPDATE ON quizzes FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE quiz_topics (
  quiz_id uuid NOT NULL CONSTRAINT quiz_topics_quiz_id_quizzes_id_fk REFERENCES quizzes (id) ON DELETE CASCADE,
  topic_id uuid NOT NULL CONSTRAINT quiz_topics_topic_id_topics_id_fk REFERENCES topics (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT quiz_topics_pkey PRIMARY KEY (quiz_id, topic_id)
);
CREATE INDEX quiz_topics_topic_id_idx ON quiz_topics (topic_id);

CREATE TABLE quiz_versions (
  quiz_id uuid NOT NULL CONSTRAINT quiz_versions_quiz_id_quizzes_id_fk REFERENCES quizzes (id) ON DELETE CASCADE,
  version integer NOT NULL,
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  content jsonb NOT NULL,
  CONSTRAINT quiz_versions_pkey PRIMARY KEY (quiz_id, version),
  CONSTRAINT quiz_versions_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT
);
CREATE INDEX quiz_versions_company_id_idx ON quiz_versions (company_id);

CREATE TABLE quiz_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  quiz_id uuid NOT NULL CONSTRAINT quiz_attempts_quiz_id_quizzes_id_fk REFERENCES quizzes (id) ON DELETE RESTRICT,
  quiz_version integer NOT NULL,
  learner_id uuid NOT NULL CONSTRAINT quiz_attempts_learner_id_users_id_fk REFERENCES users (id) ON DELETE CASCADE,
  item_id uuid CONSTRAINT quiz_attempts_item_id_training_plan_items_id_fk REFERENCES training_plan_items (id) ON DELETE SET NULL,
  number integer NOT NULL,
  started_at timestamptz NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  answers jsonb NOT NULL,
  result jsonb NOT NULL,
  score double precision NOT NULL,
  max_score double precision NOT NULL,
  scaled double precision NOT NULL,
  passed boolean NOT NULL,
  CONSTRAINT quiz_attempts_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT,
  CONSTRAINT quiz_attempts_version_fk FOREIGN KEY (quiz_id, quiz_version) REFERENCES quiz_versions (quiz_id, version),
  CONSTRAINT quiz_attempts_number_unique UNIQUE (quiz_id, learner_id, number),
  CONSTRAINT quiz_attempts_number_check CHECK (number >= 1),
  CONSTRAINT quiz_attempts_scaled_check CHECK (scaled >= 0 AND scaled <= 1),
  CONSTRAINT quiz_attempts_submitted_check CHECK (submitted_at >= started_at)
);
CREATE INDEX quiz_attempts_company_id_idx ON quiz_attempts (company_id);
CREATE INDEX quiz_attempts_learner_id_idx ON quiz_attempts (learner_id);
CREATE INDEX quiz_attempts_item_id_idx ON quiz_attempts (item_id);

UPDATE training_plan_items SET content_id = NULL WHERE type = 'QUIZ' AND content_id IS NOT NULL;
ALTER TABLE training_plan_items
  ADD COLUMN quiz_id uuid CONSTRAINT training_plan_items_quiz_id_quizzes_id_fk REFERENCES quizzes (id) ON DELETE RESTRICT,
  ADD CONSTRAINT training_plan_items_reference_matches_type_check
    CHECK ((type = 'CONTENT' OR content_id IS NULL) AND (type = 'QUIZ' OR quiz_id IS NULL));
CREATE INDEX training_plan_items_quiz_id_idx ON training_plan_items (quiz_id);

-- The list of quizzes learns counts and sort keys like the other lists (migration 0008).
INSERT INTO table_write_versions (table_name) VALUES ('quizzes');
CREATE TRIGGER quizzes_write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quizzes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_write_version();

-- Row-level security (migration 0007): the same reach as the API's tenancy filter, FORCEd, granted to the requests.
CREATE POLICY quizzes_reach ON quizzes USING (console_reaches(tenant_id, company_id));
CREATE POLICY quiz_versions_reach ON quiz_versions USING (console_reaches(tenant_id, company_id));
CREATE POLICY quiz_attempts_reach ON quiz_attempts USING (console_reaches(tenant_id, company_id));
CREATE POLICY quiz_topics_reach ON quiz_topics USING (
  console_scope() = 'GLOBAL' OR (
        EXISTS (SELECT FROM quizzes WHERE quizzes.id = quiz_topics.quiz_id)
    AND EXISTS (SELECT FROM topics WHERE topics.id = quiz_topics.topic_id)));
-- An item is reachable when its module is, and so are the content or the quiz it points at.
DROP POLICY training_plan_items_reach ON training_plan_items;
CREATE POLICY training_plan_items_reach ON training_plan_items USING (
  console_scope() = 'GLOBAL' OR (
        EXISTS (SELECT FROM training_plan_modules WHERE training_plan_modules.id = training_plan_items.module_id)
    AND (content_id IS NULL OR EXISTS (SELECT FROM contents WHERE contents.id = training_plan_items.content_id))
    AND (quiz_id IS NULL OR EXISTS (SELECT FROM quizzes WHERE quizzes.id = training_plan_items.quiz_id))));

ALTER TABLE quizzes ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE quiz_topics ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE quiz_versions ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE quiz_attempts ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON quizzes, quiz_topics, quiz_versions, quiz_attempts TO console_app;
