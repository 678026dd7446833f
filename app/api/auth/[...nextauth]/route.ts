import NextAuth from "next-auth";
import { clientAddressOf } from "@/lib/api/client-address";
import { getAuthOptions } from "@/lib/session/session-options";

type NextAuthContext = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: NextAuthContext): Promise<Response> {
  const nextAuth = NextAuth(
    await getAuthOptions({ headers: request.headers, clientAddress: clientAddressOf(request) }),
  );
  return nextAuth(request, context) as Promise<Response>;
}

export { handler as GET, handler as POST };
