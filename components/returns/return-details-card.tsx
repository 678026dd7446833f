"use client";

import Link from "next/link";
import { Card } from "@/components/ui/card";
import { CountryPicker } from "@/components/ui/country-picker";
import { describedBy, Field, Select, TextArea, TextInput } from "@/components/ui/field";
import { RETURN_TYPES, type ReturnType } from "@/lib/enums";
import type { Location } from "@/lib/schemas/locations";

export type AddressValues = {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

const ADDRESS_FIELDS: [keyof AddressValues, string, string][] = [
  ["line1", "Address line 1", "address-line1"],
  ["line2", "Address line 2 (optional)", "address-line2"],
  ["city", "City", "address-level2"],
  ["state", "State or province", "address-level1"],
  ["postalCode", "Postal code", "postal-code"],
  ["country", "Country", "country"],
];

const TYPE_LABELS: Record<ReturnType, string> = { return: "Return", claim: "Claim", warranty: "Warranty" };

/**
 * The return itself: its type, whether it starts open or awaiting review, where the parcel goes (locations
 * with a return address), the customer's address (from the order, editable), a label already bought and an
 * internal note. Server errors arrive by request path without `data.` (`shippingAddress.city`).
 */
export function ReturnDetailsCard({
  storeId,
  type,
  onTypeChange,
  locations,
  address,
  onAddressChange,
  errors,
}: {
  storeId: string;
  type: ReturnType;
  onTypeChange: (type: ReturnType) => void;
  locations: Location[];
  address: AddressValues;
  onAddressChange: (address: AddressValues) => void;
  errors: Map<string, string>;
}) {
  const destinations = locations.filter((location) => location.return_address !== null);
  return (
    <Card title="Return">
      <div className="space-y-4">
        <Field id="return-type" label="Type">
          <Select
            id="return-type"
            value={type}
            onChange={(event) => onTypeChange(event.target.value as ReturnType)}
          >
            {RETURN_TYPES.map((value) => (
              <option key={value} value={value}>
                {TYPE_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" name="review" className="mt-0.5 size-4 accent-indigo-600" />
          <span>
            Needs your authorization before the customer ships (pre-shipment)
            <span className="block text-xs text-slate-600">Otherwise the return starts open.</span>
          </span>
        </label>
        <Field id="return-location" label="Send to" error={errors.get("locationId")}>
          {destinations.length > 0 ? (
            <Select {...describedBy("return-location", errors.get("locationId"))} name="locationId">
              {destinations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </Select>
          ) : (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              No location has a return address yet.{" "}
              <Link href={`/stores/${storeId}/settings/store`} className="font-medium underline">
                Add one in Settings → Store
              </Link>{" "}
              so returns have somewhere to go.
            </p>
          )}
        </Field>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">Customer ships from</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {ADDRESS_FIELDS.map(([name, label, autoComplete]) => {
              const id = `return-address-${name}`;
              const error = errors.get(`shippingAddress.${name}`);
              return (
                <Field
                  key={name}
                  id={id}
                  label={label}
                  error={error}
                  className={name === "line1" || name === "line2" ? "sm:col-span-2" : ""}
                >
                  {name === "country" ? (
                    <CountryPicker
                      {...describedBy(id, error)}
                      value={address.country}
                      onChange={(country) => onAddressChange({ ...address, country })}
                    />
                  ) : (
                    <TextInput
                      {...describedBy(id, error)}
                      autoComplete={autoComplete}
                      maxLength={255}
                      value={address[name]}
                      onChange={(event) => onAddressChange({ ...address, [name]: event.target.value })}
                    />
                  )}
                </Field>
              );
            })}
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id="return-tracking"
            label="Label tracking number"
            hint="If the customer already has a label."
            error={errors.get("label.trackingNumber")}
          >
            <TextInput
              {...describedBy("return-tracking", errors.get("label.trackingNumber"), "hint")}
              name="trackingNumber"
              maxLength={255}
            />
          </Field>
          <Field id="return-carrier" label="Carrier" error={errors.get("label.carrier")}>
            <TextInput
              {...describedBy("return-carrier", errors.get("label.carrier"))}
              name="carrier"
              maxLength={100}
              placeholder="e.g. UPS"
            />
          </Field>
        </div>
        <Field
          id="return-notes"
          label="Internal note"
          hint="Kept as the return's first comment."
          error={errors.get("notes")}
        >
          <TextArea
            {...describedBy("return-notes", errors.get("notes"), "hint")}
            name="notes"
            rows={3}
            maxLength={5000}
          />
        </Field>
      </div>
    </Card>
  );
}
