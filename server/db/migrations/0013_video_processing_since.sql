-- When a content's video started waiting for the video service (status PENDING_PROCESSING), so that one whose report
-- never comes (a made-up or foreign video id, a video the service lost) fails after VIDEO_PROCESSING_TIMEOUT_MINUTES
-- and can be uploaded again (server/routes/contents/processing-timeout.ts). Kept by a trigger: set when the status
-- becomes PENDING_PROCESSING or the video changes while it is, cleared by any other status.
ALTER TABLE contents ADD COLUMN processing_since timestamptz;

CREATE FUNCTION contents_processing_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'PENDING_PROCESSING' THEN
    NEW.processing_since := NULL;
  ELSIF TG_OP = 'INSERT' OR OLD.status <> 'PENDING_PROCESSING' OR OLD.external_uuid IS DISTINCT FROM NEW.external_uuid THEN
    NEW.processing_since := now();
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER contents_processing_since BEFORE INSERT OR UPDATE ON contents
  FOR EACH ROW EXECUTE FUNCTION contents_processing_since();

-- Contents already waiting start their wait now.
UPDATE contents SET processing_since = now() WHERE status = 'PENDING_PROCESSING';

CREATE INDEX contents_processing_since_idx ON contents (processing_since) WHERE status = 'PENDING_PROCESSING';
