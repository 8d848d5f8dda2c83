import { auditLogSource } from './audit-log-source';
import {
  cardDocumentsSource,
  isConsentTemplate,
  isPlanTemplate,
  isTrainingTemplate,
} from './card-documents-source';
import type { EvidenceSource } from './evidence-scope';
import { incidentRegisterSource } from './incident-register-source';
import { planRegisterSource } from './plan-register-source';
import { restrictivePracticeSource } from './restrictive-practice-source';
import { staffTrainingSource } from './staff-training-source';

/**
 * What an audit pack holds, in the order it is built (issue 16 item 6): plan PDFs, the registers
 * (plans, incidents, restrictive practices, staff training and screening), training records, consent
 * forms and the audit log. manifest.json is added last by the builder. A new kind of evidence is one
 * more source here.
 */
export function evidenceSources(requestedBy: string | null): EvidenceSource[] {
  const generatedBy = () => `Audit pack${requestedBy ? ` for ${requestedBy}` : ''}`;
  return [
    cardDocumentsSource({
      name: 'plans',
      folder: 'plans',
      weight: 4,
      pick: isPlanTemplate,
      requestedBy: generatedBy,
      planVersions: true,
    }),
    planRegisterSource,
    incidentRegisterSource,
    restrictivePracticeSource,
    staffTrainingSource,
    cardDocumentsSource({
      name: 'training records',
      folder: 'training',
      weight: 2,
      pick: isTrainingTemplate,
      requestedBy: generatedBy,
    }),
    cardDocumentsSource({
      name: 'consent forms',
      folder: 'consent-forms',
      weight: 2,
      pick: isConsentTemplate,
      requestedBy: generatedBy,
    }),
    auditLogSource,
  ];
}
