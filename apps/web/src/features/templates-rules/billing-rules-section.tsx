import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cardCategories,
  cardCategoryLabels,
  cardTypeLabels,
  cardTypes,
} from '@wattle/domain/cards/constants';
import type { CardBillingRule } from '@wattle/domain/invoices/card-billing-rules';
import { Loader2Icon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { validationIssues } from '@/lib/http';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { ConfirmDialog, ConfirmDialogAction } from '@/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { toast } from '@/ui/toast';
import {
  cardBillingRulesQueryOptions,
  createCardBillingRule,
  deleteCardBillingRule,
  templatesRulesKeys,
  tenantDirectoryQueryOptions,
  updateCardBillingRule,
} from './api';
import {
  type BillingRuleDraft,
  type BillingRuleField,
  emptyBillingRuleDraft,
  parseBillingRuleDraft,
  rateLabel,
  ruleToDraft,
} from './billing-rule-form';

const serverFieldOf: Record<string, BillingRuleField> = {
  cardType: 'cardType',
  category: 'category',
  baseRateCents: 'baseRate',
  estimatedHours: 'estimatedHours',
  ndisLineItem: 'ndisLineItem',
};

/** Add or change one rule; the server's refusals land beside the inputs they name. */
function BillingRuleDialog({
  tenantId,
  rule,
  open,
  onOpenChange,
}: {
  tenantId: string;
  /** The rule to change; a new rule when null. */
  rule: CardBillingRule | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<BillingRuleDraft>(() =>
    rule ? ruleToDraft(rule) : emptyBillingRuleDraft(),
  );
  const [errors, setErrors] = useState<Partial<Record<BillingRuleField, string>>>({});
  useEffect(() => {
    if (open) {
      setDraft(rule ? ruleToDraft(rule) : emptyBillingRuleDraft());
      setErrors({});
    }
  }, [open, rule]);

  const save = useMutation({
    mutationFn: (input: ReturnType<typeof parseBillingRuleDraft> & { success: true }) =>
      rule
        ? updateCardBillingRule(tenantId, rule.id, { ...input.input, version: rule.version })
        : createCardBillingRule(tenantId, input.input),
    onSuccess: () => {
      toast.success(rule ? 'Billing rule saved' : 'Billing rule added', {
        description: 'Invoices built from now on use it.',
      });
      void queryClient.invalidateQueries({ queryKey: templatesRulesKeys.rules(tenantId) });
      onOpenChange(false);
    },
    onError: (error) => {
      const next: Partial<Record<BillingRuleField, string>> = {};
      for (const issue of validationIssues(error)) {
        const field = serverFieldOf[String(issue.path[0])];
        if (field) next[field] = issue.message;
      }
      setErrors(next);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseBillingRuleDraft(draft);
    if (!parsed.success) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    save.mutate(parsed);
  }

  const set = <K extends keyof BillingRuleDraft>(key: K, value: BillingRuleDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const id = (name: string) => `${formId}-${name}`;
  const invalid = (field: BillingRuleField) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? id(`${field}-error`) : undefined,
  });
  const message = (field: BillingRuleField) =>
    errors[field] ? (
      <p id={id(`${field}-error`)} className="text-destructive text-sm">
        {errors[field]}
      </p>
    ) : null;
  const otherError = save.error && validationIssues(save.error).length === 0 ? save.error.message : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{rule ? 'Change billing rule' : 'Add billing rule'}</DialogTitle>
          <DialogDescription>
            A done, billable card of this type and category becomes one invoice line: the estimated hours at
            the base rate, claimed against the NDIS line item.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id('type')}>Card type</Label>
            <NativeSelect
              id={id('type')}
              wrapperClassName="w-full"
              value={draft.cardType}
              onChange={(event) => set('cardType', event.target.value as BillingRuleDraft['cardType'])}
              {...invalid('cardType')}
            >
              {cardTypes.map((type) => (
                <option key={type} value={type}>
                  {cardTypeLabels[type]}
                </option>
              ))}
            </NativeSelect>
            {message('cardType')}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id('category')}>Category</Label>
            <NativeSelect
              id={id('category')}
              wrapperClassName="w-full"
              value={draft.category}
              onChange={(event) => set('category', event.target.value as BillingRuleDraft['category'])}
              {...invalid('category')}
            >
              {cardCategories.map((category) => (
                <option key={category} value={category}>
                  {cardCategoryLabels[category]}
                </option>
              ))}
            </NativeSelect>
            {message('category')}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id('rate')}>Base rate ($ an hour)</Label>
            <Input
              id={id('rate')}
              inputMode="decimal"
              value={draft.baseRate}
              onChange={(event) => set('baseRate', event.target.value)}
              {...invalid('baseRate')}
            />
            {message('baseRate')}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id('hours')}>Estimated hours</Label>
            <Input
              id={id('hours')}
              inputMode="decimal"
              value={draft.estimatedHours}
              onChange={(event) => set('estimatedHours', event.target.value)}
              {...invalid('estimatedHours')}
            />
            {message('estimatedHours')}
          </div>
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <Label htmlFor={id('item')}>NDIS line item</Label>
            <Input
              id={id('item')}
              placeholder="01_011_0107_1_1"
              value={draft.ndisLineItem}
              onChange={(event) => set('ndisLineItem', event.target.value)}
              {...invalid('ndisLineItem')}
            />
            {message('ndisLineItem')}
          </div>
          <div className="flex items-center gap-2 sm:col-span-2">
            <Checkbox
              id={id('gst')}
              checked={draft.gstApplicable}
              onCheckedChange={(checked) => set('gstApplicable', checked === true)}
            />
            <Label htmlFor={id('gst')} className="font-normal">
              GST applicable (NDIS supports are usually GST-free)
            </Label>
          </div>
          {otherError ? (
            <p role="alert" className="text-destructive text-sm sm:col-span-2">
              {otherError}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {rule ? 'Save rule' : 'Add rule'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteRuleButton({ tenantId, rule }: { tenantId: string; rule: CardBillingRule }) {
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const name = `${cardTypeLabels[rule.cardType]} · ${cardCategoryLabels[rule.category]}`;
  const remove = useMutation({
    mutationFn: () => deleteCardBillingRule(tenantId, rule.id),
    onSuccess: () => {
      setConfirming(false);
      toast.success('Billing rule removed');
      void queryClient.invalidateQueries({ queryKey: templatesRulesKeys.rules(tenantId) });
    },
    onError: (error) => {
      setConfirming(false);
      toast.error('Could not remove the billing rule', { description: error.message });
    },
  });
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Remove the rule for ${name}`}
        onClick={() => setConfirming(true)}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={isConfirming}
        title="Remove this billing rule?"
        description={`Cards of ${name} will no longer be invoiced. Invoices already built keep their lines.`}
        onKeepEditing={() => setConfirming(false)}
        cancelLabel="Cancel"
        isBusy={remove.isPending}
      >
        <ConfirmDialogAction asChild>
          <Button
            variant="destructive"
            onClick={(event) => {
              event.preventDefault();
              remove.mutate();
            }}
          >
            Remove rule
          </Button>
        </ConfirmDialogAction>
      </ConfirmDialog>
    </>
  );
}

/**
 * Card billing rules (spec work section 3) of the organisation chosen: how the invoice builder bills
 * a done, billable card by its type and category. Each change is in that organisation's audit log.
 */
export function BillingRulesSection({ defaultTenantId }: { defaultTenantId: string }) {
  const selectId = useId();
  const directory = useQuery(tenantDirectoryQueryOptions());
  const [tenantId, setTenantId] = useState(defaultTenantId);
  const rules = useQuery(cardBillingRulesQueryOptions(tenantId));
  const [editing, setEditing] = useState<CardBillingRule | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const tenantName = directory.data?.find((t) => t.id === tenantId)?.name ?? 'this organisation';

  function open(rule: CardBillingRule | null) {
    setEditing(rule);
    setDialogOpen(true);
  }

  return (
    <section aria-labelledby="billing-rules-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="billing-rules-heading" className="font-semibold text-xl tracking-tight">
            Card billing rules
          </h2>
          <p className="text-muted-foreground text-sm">
            What each organisation's invoices bill for a done, billable card, by its type and category.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={selectId}>Organisation</Label>
            <NativeSelect
              id={selectId}
              value={tenantId}
              onChange={(event) => setTenantId(event.target.value)}
              disabled={!directory.data}
            >
              {(directory.data ?? [{ id: defaultTenantId, name: 'This organisation', slug: '' }]).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button onClick={() => open(null)}>
            <PlusIcon aria-hidden="true" />
            Add rule
          </Button>
        </div>
      </div>
      {rules.isPending ? (
        <LoadingStatus>Loading billing rules...</LoadingStatus>
      ) : rules.isError ? (
        <LoadError
          title="Could not load the billing rules"
          error={rules.error}
          onRetry={() => void rules.refetch()}
        />
      ) : rules.data.length === 0 ? (
        <p className="rounded-lg border border-dashed px-3 py-4 text-muted-foreground text-sm">
          {tenantName} has no billing rules: its invoices bill time entries only. Add rule prices a kind of
          card.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">Card billing rules of {tenantName}</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Card type
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Category
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Base rate
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Estimated hours
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  NDIS line item
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  GST
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.data.map((rule) => (
                <tr key={rule.id} className="border-t" data-testid="billing-rule">
                  <td className="px-3 py-2">{cardTypeLabels[rule.cardType]}</td>
                  <td className="px-3 py-2">{cardCategoryLabels[rule.category]}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {rateLabel(rule.baseRateCents)} an hour
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{rule.estimatedHours}</td>
                  <td className="px-3 py-2">
                    <code>{rule.ndisLineItem}</code>
                  </td>
                  <td className="px-3 py-2">
                    {rule.gstApplicable ? <Badge variant="secondary">GST</Badge> : 'GST-free'}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Change the rule for ${cardTypeLabels[rule.cardType]} · ${cardCategoryLabels[rule.category]}`}
                        onClick={() => open(rule)}
                      >
                        <PencilIcon aria-hidden="true" />
                      </Button>
                      <DeleteRuleButton tenantId={tenantId} rule={rule} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <BillingRuleDialog
        tenantId={tenantId}
        rule={editing}
        open={isDialogOpen}
        onOpenChange={setDialogOpen}
      />
    </section>
  );
}
