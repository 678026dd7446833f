import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import { queryKeys } from "@/lib/client/query-keys";
import { toast } from "@/lib/client/toast";
import type { StaffRole } from "@/lib/enums";
import type { StaffMember } from "@/lib/schemas/staff-members";

/**
 * A store's team (staff admins only at the API). Not paged: a store has a handful of people. Every mutation
 * refreshes exactly `queryKeys.staffMembers.list(storeId)`.
 */

export function useStaffMembers(storeId: string) {
  return useQuery({
    queryKey: queryKeys.staffMembers.list(storeId),
    queryFn: async ({ signal }) =>
      (await callApi("listStaffMembers", { params: { storeId }, signal })).data.staff_members,
  });
}

/** Problems about a field (a 400 naming `staff_member.email`) or a 409 are shown in the form, not toasted. */
export function isFormError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.errors.length > 0 || error.status === 409);
}

function refreshList(client: QueryClient, storeId: string) {
  return client.invalidateQueries({ queryKey: queryKeys.staffMembers.list(storeId), exact: true });
}

export function useAddStaffMember(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; name: string; role: StaffRole }) =>
      (await callApi("addStaffMember", { params: { storeId }, body: { staff_member: input } })).data,
    onSuccess: () => void refreshList(client, storeId),
    onError: (error) => {
      if (!isFormError(error))
        toast.error("The member could not be added", { description: errorMessage(error) });
    },
  });
}

export function useChangeStaffRole(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ member, role }: { member: StaffMember; role: StaffRole }) =>
      (
        await callApi("updateStaffMember", {
          params: { storeId, staffMemberId: member.id },
          body: { staff_member: { role } },
        })
      ).data.staff_member,
    onSuccess: (updated) => {
      // The table shows the new role at once (its select would flick back until the list is read again).
      client.setQueryData<StaffMember[]>(queryKeys.staffMembers.list(storeId), (members) =>
        members?.map((member) => (member.id === updated.id ? updated : member)),
      );
      void refreshList(client, storeId);
      toast.success(`${updated.name} is now ${updated.role === "admin" ? "an" : "a"} ${updated.role}`);
    },
    onError: (error, { member }) => {
      void refreshList(client, storeId);
      toast.error(`${member.name}'s role was not changed`, { description: errorMessage(error) });
    },
  });
}

export function useRemoveStaffMember(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (member: StaffMember) => {
      try {
        await callApi("removeStaffMember", { params: { storeId, staffMemberId: member.id } });
      } catch (error) {
        // Not found: already removed, by another admin or by this very request sent twice (the browser
        // resends a request whose connection closed before the answer arrived; the e2e run on the embedded
        // database saw a 204 and, 19 ms later, a 404). What the admin asked for is done either way.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      return member;
    },
    onSuccess: (member) => {
      void refreshList(client, storeId);
      toast.success(`${member.name} was removed from this store`);
    },
    onError: (error, member) =>
      toast.error(`${member.name} could not be removed`, { description: errorMessage(error) }),
  });
}

export function useNewSetPasswordLink(storeId: string) {
  return useMutation({
    mutationFn: async (member: StaffMember) =>
      (await callApi("createSetPasswordLink", { params: { storeId, staffMemberId: member.id } })).data
        .set_password,
    onError: (error, member) =>
      toast.error(`No new link for ${member.name}`, { description: errorMessage(error) }),
  });
}
