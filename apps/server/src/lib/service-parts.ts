/** The member names that more than one of the parts defines (never when each is defined once). */
export type SharedMembers<Parts extends readonly object[], Seen extends PropertyKey = never> = Parts extends readonly [
  infer Head extends object,
  ...infer Rest extends readonly object[],
]
  ? (keyof Head & Seen) | SharedMembers<Rest, Seen | keyof Head>
  : never;

type Joined<Parts extends readonly object[]> = Parts extends readonly [infer Head, ...infer Rest extends readonly object[]] ? Head & Joined<Rest> : unknown;

/** Rejects, at compile time, parts that define a member twice, and names the member. */
type EachMemberOnce<Parts extends readonly object[]> = [SharedMembers<Parts>] extends [never]
  ? unknown
  : { [K in SharedMembers<Parts> & string as `${K} is defined by two parts`]: never };

/**
 * One service from parts that each own some of its members. A member two parts both define is a
 * type error naming it (and, should a cast hide it, an error when the service is built), where an
 * object spread would keep the later part's member without a word.
 */
export function joinParts<Parts extends readonly object[]>(...parts: Parts & EachMemberOnce<Parts>): { [K in keyof Joined<Parts>]: Joined<Parts>[K] } {
  const joined: Record<string, unknown> = {};
  for (const part of parts) {
    for (const key of Object.keys(part)) {
      if (Object.hasOwn(joined, key)) throw new Error(`"${key}" is defined by two parts of one service`);
      joined[key] = (part as Record<string, unknown>)[key];
    }
  }
  return joined as { [K in keyof Joined<Parts>]: Joined<Parts>[K] };
}
