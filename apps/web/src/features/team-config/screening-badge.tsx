import { ShieldAlertIcon } from 'lucide-react';
import { Badge } from '@/ui/badge';

/**
 * Shown beside a team member whose NDIS Worker Screening or Working with Children Check has expired
 * (issue 13 part 7: an expired screening is shown wherever that person is assigned).
 */
export function ScreeningExpiredBadge() {
  return (
    <Badge variant="outline" className="border-red-200 bg-red-50 text-red-800">
      <ShieldAlertIcon aria-hidden="true" />
      Screening expired
    </Badge>
  );
}
