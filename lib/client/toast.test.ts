import { beforeEach, describe, expect, it, vi } from "vitest";

const sent: { kind: string; message: string; toasterId?: string }[] = [];
vi.mock("sonner", () => ({
  toast: {
    success: (message: string, options?: { toasterId?: string }) =>
      sent.push({ kind: "success", message, toasterId: options?.toasterId }),
    error: (message: string, options?: { toasterId?: string }) =>
      sent.push({ kind: "error", message, toasterId: options?.toasterId }),
  },
}));

const { registerToaster, toast } = await import("./toast");

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("toast, sonner loaded on the first toast", () => {
  beforeEach(() => {
    sent.length = 0;
  });

  it("activates the toaster a toast is for and sends once that toaster listens", async () => {
    const activate = vi.fn();
    const page = registerToaster("", activate);
    toast.success("Saved");
    await tick();
    expect(activate).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
    page.ready();
    await tick();
    expect(sent).toEqual([{ kind: "success", message: "Saved", toasterId: undefined }]);
    page.unregister();
  });

  it("sends to a named toaster (a dialog's) and leaves the page's one alone", async () => {
    const pageActivate = vi.fn();
    const dialogActivate = vi.fn();
    const page = registerToaster("", pageActivate);
    const dialog = registerToaster("reveal", dialogActivate);
    dialog.ready();
    toast.error("Could not copy", { toasterId: "reveal" });
    await tick();
    expect(dialogActivate).toHaveBeenCalledTimes(1);
    expect(pageActivate).not.toHaveBeenCalled();
    expect(sent).toEqual([{ kind: "error", message: "Could not copy", toasterId: "reveal" }]);
    page.unregister();
    dialog.unregister();
  });

  it("still sends when no toaster is mounted for the id (sonner keeps it for the next one)", async () => {
    toast.success("Queued");
    await tick();
    expect(sent).toEqual([{ kind: "success", message: "Queued", toasterId: undefined }]);
  });
});
