-- The audit trail outlives its workspace (decision 0061): workspace_id stays as plain data.
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_workspace_id_fkey;
