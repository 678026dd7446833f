"use client";

import { Send } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { AdminOnlyNotice } from "@/components/app/admin-only";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/states";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import {
  useNotificationSettings,
  useSendTestNotification,
  useUpdateNotificationSettings,
} from "@/lib/client/hooks/notifications";
import { NotificationHistory } from "./notification-history";
import { StoreDefaultsCard } from "./store-defaults-card";

/** Settings → Notifications (docs/notifications.md): e-mail status, the store's chat URL, a test, the history. */
export function NotificationsPage({ storeId }: { storeId: string }) {
  const isAdmin = useCan("admin");
  const store = useCurrentStore();
  return (
    <>
      <PageHeader
        title="Notifications"
        breadcrumbs={[
          { label: store.name, href: `/stores/${store.id}` },
          { label: "Settings" },
          { label: "Notifications" },
        ]}
        description="Where Backroom tells this store's people about invitations, alerts and failing webhooks, how members hear of alerts by default, and what it sent."
      />
      {isAdmin ? (
        <div className="space-y-6">
          <SettingsCard storeId={storeId} />
          <StoreDefaultsCard storeId={storeId} timeZone={store.timeZone} />
          <NotificationHistory />
        </div>
      ) : (
        <AdminOnlyNotice title="Only admins manage notifications">
          Ask an admin of {store.name} where the store's notices go.
        </AdminOnlyNotice>
      )}
    </>
  );
}

function SettingsCard({ storeId }: { storeId: string }) {
  const settings = useNotificationSettings(storeId);
  const update = useUpdateNotificationSettings(storeId);
  const test = useSendTestNotification(storeId);
  const fieldId = useId();
  const [chatUrl, setChatUrl] = useState("");
  useEffect(() => setChatUrl(settings.data?.chatWebhookUrl ?? ""), [settings.data?.chatWebhookUrl]);
  if (settings.error)
    return <ErrorState title="Settings could not be loaded" message={errorMessage(settings.error)} />;
  const email = settings.data?.email;
  const fieldError =
    update.error instanceof ApiError && update.error.errors.length > 0
      ? (update.error.errors[0]?.message ?? errorMessage(update.error))
      : update.error
        ? errorMessage(update.error)
        : null;
  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(chatUrl.trim() === "" ? null : chatUrl.trim());
  };
  return (
    <Card bodyClassName="space-y-5 p-5">
      <section aria-labelledby={`${fieldId}-email`} className="space-y-1">
        <h2 id={`${fieldId}-email`} className="text-base font-semibold text-slate-900">
          E-mail
        </h2>
        <p className="text-sm text-slate-700">
          {!email
            ? "…"
            : email.configured
              ? `On: invitations, password links, alerts, webhook warnings, daily digests and scheduled reports are e-mailed from ${email.from}.`
              : "Off: this server has no SMTP server (BACKROOM_SMTP_URL), so set-password links are handed over by hand, alerts and warnings go only to the chat URL, and there are no digests or reports."}
        </p>
      </section>
      <form onSubmit={save} className="space-y-3">
        <Field
          id={fieldId}
          label="Chat webhook URL"
          hint="An incoming-webhook URL of Slack, Mattermost, Teams or Google Chat: alerts and webhook warnings are posted there (per the defaults below)."
          error={fieldError}
        >
          <TextInput
            id={fieldId}
            value={chatUrl}
            onChange={(event) => setChatUrl(event.target.value)}
            placeholder="https://hooks.slack.com/services/…"
            aria-invalid={fieldError ? true : undefined}
            spellCheck={false}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={update.isPending}>
            Save
          </Button>
          <Button type="button" onClick={() => test.mutate()} disabled={test.isPending}>
            <Send className="size-4" aria-hidden="true" />
            Send a test
          </Button>
        </div>
      </form>
    </Card>
  );
}
