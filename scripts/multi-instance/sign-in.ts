import { attemptSignIn, type Instance } from "./api";

/**
 * Per-account and per-address sign-in limits (lib/domain/sign-in-throttle.ts), which must hold across
 * instances. The limits are those of the code; a change there shows here as a failed run, on purpose.
 */
const ACCOUNT_LIMIT = 5;
const ADDRESS_LIMIT = 30;

export type SignInBurstResult = { sent: number; checked: number; throttled: number; otherEmail: string };

/**
 * A burst of concurrent sign-ins for one account, alternating between the instances, the right password
 * last: exactly the account's limit of attempts reach a password check (all wrong), the rest are told to
 * wait, none signs in. The burst also used up this client address's limit, so an e-mail never tried
 * before is then told to wait too, by either instance, with the same answer.
 */
export async function checkSignInBurst(input: {
  instances: Instance[];
  email: string;
  password: string;
}): Promise<SignInBurstResult> {
  const { instances, email, password } = input;
  const sent = ADDRESS_LIMIT + 10;
  const answers = await Promise.all(
    Array.from({ length: sent }, (_, n) =>
      attemptSignIn(
        instances[n % instances.length] as Instance,
        email,
        n === sent - 1 ? password : `wrong-${n}`,
      ),
    ),
  );
  const problems: string[] = [];
  const errors = answers.map((answer) => ("error" in answer ? answer.error : "signed in"));
  const checked = errors.filter((error) => error === "CredentialsSignin").length;
  const throttled = errors.filter((error) => error.startsWith("TooManyAttempts:")).length;
  if (errors.includes("signed in")) problems.push("the right password signed in during the burst");
  if (checked !== ACCOUNT_LIMIT)
    problems.push(`${checked} attempts reached a password check, not ${ACCOUNT_LIMIT}`);
  if (checked + throttled !== sent) problems.push(`unexpected answers: ${[...new Set(errors)].join(", ")}`);
  const otherEmail = `nobody-${Date.now()}@multi-instance.test`;
  for (const instance of instances) {
    const answer = await attemptSignIn(instance, otherEmail, "anything");
    const error = "error" in answer ? answer.error : "signed in";
    if (!error.startsWith("TooManyAttempts:"))
      problems.push(`${instance.name} answered ${error} to a new e-mail from a client past its limit`);
  }
  if (problems.length > 0) throw new Error(`Sign-in burst: ${problems.join("; ")}`);
  return { sent, checked, throttled, otherEmail };
}
