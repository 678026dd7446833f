"use client";

import { Upload } from "lucide-react";
import Link from "next/link";
import { useId, useState } from "react";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { useCreateSupplier, useSuppliers } from "@/lib/client/hooks/suppliers";
import { toast } from "@/lib/client/toast";

/** Settings → Suppliers: the store's suppliers, each opening its scorecard, and a form to add one. */
export function SuppliersPage() {
  const store = useCurrentStore();
  const canWrite = useCan("write");
  const suppliers = useSuppliers(store.id);
  return (
    <>
      <PageHeader
        title="Suppliers"
        breadcrumbs={[{ label: store.name, href: `/stores/${store.id}` }, { label: "Suppliers" }]}
        description="Who your inbound shipments come from. Damaged, missing, wrong and extra units are claimed from them."
        actions={
          canWrite ? (
            <Link
              href={`/stores/${store.id}/settings/suppliers/import`}
              className={buttonClasses("secondary")}
            >
              <Upload className="size-4" aria-hidden="true" />
              Import CSV
            </Link>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card title="Suppliers" className="self-start" bodyClassName="p-0">
          {suppliers.isError ? (
            <ErrorState
              title="Suppliers could not be loaded"
              message={errorMessage(suppliers.error)}
              onRetry={() => suppliers.refetch()}
            />
          ) : !suppliers.isSuccess ? (
            <Skeleton className="m-4 h-24" />
          ) : suppliers.data.length === 0 ? (
            <p className="p-4 text-sm text-slate-600">No suppliers yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {suppliers.data.map((supplier) => (
                <li
                  key={supplier.id}
                  className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3"
                >
                  <div className="min-w-0">
                    <Link
                      href={`/stores/${store.id}/suppliers/${supplier.id}`}
                      className="font-medium text-indigo-700 hover:underline"
                    >
                      {supplier.name}
                    </Link>
                    {supplier.code ? (
                      <span className="ml-2 font-mono text-xs text-slate-600">{supplier.code}</span>
                    ) : null}
                    <span className="block text-slate-600">{supplier.email}</span>
                  </div>
                  <Link
                    href={`/stores/${store.id}/supplier-claims?supplier=${supplier.id}`}
                    className="text-xs text-indigo-700 hover:underline"
                  >
                    Claims
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {canWrite ? <NewSupplierForm /> : null}
      </div>
    </>
  );
}

/** Name, e-mail and an optional code; the server's refusals (a name or code taken) show beside their field. */
export function NewSupplierForm({ onCreated }: { onCreated?: (supplierId: string) => void }) {
  const store = useCurrentStore();
  const create = useCreateSupplier(store.id);
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const code = String(data.get("code") ?? "").trim();
    create.mutate(
      {
        name: String(data.get("name") ?? "").trim(),
        email: String(data.get("email") ?? "").trim(),
        ...(code ? { code } : {}),
      },
      {
        onSuccess: (supplier) => {
          setErrors({});
          form.reset();
          toast.success(`Supplier ${supplier.name} added`);
          onCreated?.(supplier.id);
        },
        onError: (error) => {
          const issues = "errors" in error && Array.isArray(error.errors) ? error.errors : [];
          setErrors(
            Object.fromEntries(
              (issues as { path: string; message: string }[]).map((issue) => [
                issue.path.split(".").at(-1) ?? "",
                issue.message,
              ]),
            ),
          );
        },
      },
    );
  };
  return (
    <Card title="New supplier" className="self-start">
      <form onSubmit={submit} className="space-y-3" noValidate>
        <TextField id={`${id}-name`} name="name" label="Name" error={errors.name} required />
        <TextField
          id={`${id}-email`}
          name="email"
          type="email"
          label="Claims e-mail"
          error={errors.email}
          required
        />
        <TextField id={`${id}-code`} name="code" label="Code (optional)" error={errors.code} />
        {create.error && Object.keys(errors).length === 0 ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(create.error)}
          </p>
        ) : null}
        <Button type="submit" variant="primary" pending={create.isPending}>
          Add supplier
        </Button>
      </form>
    </Card>
  );
}
