import { z } from "zod";
import { STAFF_ROLES } from "../enums";
import { timestampSchema } from "./common";
import { staffEmailSchema, staffNameSchema } from "./stores";

/**
 * A store's team (Settings -> Team): staff members with their role. A member is a staff user (id
 * `usr_…`) with a membership in the store; one user may belong to several stores. There is no mail server,
 * so a new member gets a one-time set-password link that the admin hands over.
 */

export const staffRoleSchema = z.enum(STAFF_ROLES).meta({
  description:
    "`admin`: everything, settings and team included; `editor`: writes (identifiers, comments); `viewer`: reads.",
});

export const staffMemberSchema = z
  .object({
    id: z.string().meta({ description: "The staff user's id.", example: "usr_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    email: z.string(),
    name: z.string(),
    role: staffRoleSchema,
    status: z.enum(["active", "invited"]).meta({
      description: "`invited`: added by an admin and has not chosen a password yet (cannot sign in).",
    }),
    lastSignInAt: timestampSchema.nullable().meta({ description: "Last successful sign-in; null if never." }),
    addedAt: timestampSchema.meta({ description: "When the member joined this store." }),
  })
  .meta({ id: "StaffMember", description: "A member of the store's team." });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const setPasswordLinkSchema = z
  .object({
    url: z.string().meta({
      description: "The one-time link. Shown in this response only (the database keeps its hash).",
      example: "https://backroom.example/set-password?token=…",
    }),
    expiresAt: timestampSchema,
    emailedTo: z
      .string()
      .nullable()
      .meta({
        description:
          "The address the link was also e-mailed to, when the server sends e-mail (BACKROOM_SMTP_URL); null " +
          "when it does not, and the link must be handed over.",
      }),
  })
  .meta({ id: "SetPasswordLink" });

export const staffMemberListResponseSchema = z
  .object({ staff_members: z.array(staffMemberSchema) })
  .meta({ id: "StaffMemberListResponse" });

export const staffMemberResponseSchema = z
  .object({ staff_member: staffMemberSchema })
  .meta({ id: "StaffMemberResponse" });

export const addedStaffMemberResponseSchema = z
  .object({
    staff_member: staffMemberSchema,
    account: z.enum(["created", "restored", "existing"]).meta({
      description:
        "`created`: a new user; `restored`: someone removed from this store before, whose membership is back; " +
        "`existing`: the email already belonged to a user (of other stores, or of none), who only gets the membership.",
    }),
    set_password: setPasswordLinkSchema.nullable().meta({
      description:
        "The link to choose a password: for a new user, and for one who never chose a password and works in no " +
        "other store. Null otherwise (they sign in with the password they have).",
    }),
  })
  .meta({ id: "AddedStaffMemberResponse" });
export type AddedStaffMemberResponse = z.infer<typeof addedStaffMemberResponseSchema>;

export const setPasswordLinkResponseSchema = z
  .object({ set_password: setPasswordLinkSchema })
  .meta({ id: "SetPasswordLinkResponse" });

export const addStaffMemberRequestSchema = z
  .strictObject({
    staff_member: z.strictObject({ email: staffEmailSchema, name: staffNameSchema, role: staffRoleSchema }),
  })
  .meta({ id: "AddStaffMemberRequest" });

export const updateStaffMemberRequestSchema = z
  .strictObject({ staff_member: z.strictObject({ role: staffRoleSchema }) })
  .meta({ id: "UpdateStaffMemberRequest" });
