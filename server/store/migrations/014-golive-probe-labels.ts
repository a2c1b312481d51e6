/**
 * Go-live probes speak about the merchant's own orders, so a probe operation shares its trans_id
 * with a real one: each carries the label of the check that made it (`golive:<check id>`), which
 * the control API shows and the console's lists leave out by default. Probe notifications already
 * had a label column; theirs change from `check:<id>` to the same `golive:<id>`.
 */
export const goliveProbeLabels = `
ALTER TABLE operations ADD COLUMN test_label TEXT;
UPDATE operations SET test_label = 'golive:' || CASE json_extract(details, '$.probe')
    WHEN 'forged' THEN 'forged_signature_refused'
    WHEN 'tampered' THEN 'tampered_amount_refused'
    WHEN 'extra' THEN 'unknown_fields_tolerated'
    WHEN 'rejection' THEN 'rejection_acknowledged'
    WHEN 'late' THEN 'late_rejection_acknowledged'
    ELSE 'success_acknowledged' END
  WHERE check_report IS NOT NULL;
UPDATE notifications SET test_label = 'golive:' || substr(test_label, 7) WHERE test_label LIKE 'check:%';
`;
