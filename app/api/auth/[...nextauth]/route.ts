import { handleAuthRequest, type NextAuthContext } from "@/lib/session/auth-route";

function handler(request: Request, context: NextAuthContext): Promise<Response> {
  return handleAuthRequest(request, context);
}

export { handler as GET, handler as POST };
