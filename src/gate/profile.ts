/**
 * Gate profiles. `seed` is the original gate, byte for byte; `calibrated` reads the same five signals the
 * way a person reading the session would (docs/gate.md says what changed and what each change measured).
 */
export const GATE_PROFILES = ['seed', 'calibrated'] as const;
export type GateProfile = (typeof GATE_PROFILES)[number];

export const DEFAULT_GATE_PROFILE: GateProfile = 'calibrated';

/**
 * The version of each profile's rules: a stored verdict of another version is recomputed on the next scan.
 * Bump a profile's number when its rules change (the seed profile's is GATE_VERSION and never changes).
 * calibrated 2: conceded corrections in S1, S2/S3 by rate beyond ten requests, prose documents out of S3,
 * a refusal followed by the request restated is a correction; no correction read into a paste below a
 * turn's first line or into a request sent again after the agent did nothing; after an interrupt or a
 * refusal, a session command (/clear) is moving on and another work command (a skill) is a redirect.
 * calibrated 3: a correction rejecting the agent's work outright ("that's wrong", "not what I asked",
 * "revert", "不对") counts twice and flags alone; 对不对 (a question) is no longer read as 不对.
 * calibrated 4: the person pressing on after the agent's first reply says it cannot do the task; complaints
 * that the problem is not solved, a step skipped or a rule ignored (English, Russian, Chinese); a steer the
 * agent concedes, and a refusal or interrupt whose redirect holds a correction phrase, count twice;
 * "continue implementation" and Thai "go on" carry on; "not yet" in Spanish and Portuguese only about a result.
 * calibrated 5: complaints that a step was not done ("have not been updated"), that a failure came back
 * ("crashed again", "the same error", "recurring problem", "you keep getting stuck"), that the work fails in
 * words other than "work" ("does not even open", "still loading the old values"), and doubt ("did you
 * test it?", "are you sure", 你确认); the agent's "I see the issue" reads as a concession; a redirect after
 * a refusal or interrupt that the agent concedes, and a steer right after the agent said the work was
 * done, count twice; a concession of the opening request is not counted.
 * calibrated 6: the person saying again what they asked ("i was asking ..."), reporting something absent
 * ("I'm not seeing ..."), pushing back on the writing ("reads like a robot", "not my voice"), setting a
 * rule for next time ("record this in the skill", "for future reference", 下次不…), and "有误" / "不正确"
 * (rejections); a redirect after a refusal or interrupt that forbids what the agent was doing ("please
 * don't ...") counts twice; "X should still get Y" is an instruction, not "still get"; "please just ...",
 * "I'm using X and not Y", "still found", "是没有的" (it does not exist) steer; a run of eight or more failing
 * tool calls counts as two S2 hits.
 * calibrated 7: a correction that also sets a rule for next time ("Record this in the skill", 下次不再犯)
 * and the writing thrown back ("reads like a robot", "make me cringe") count twice; so does a redirect
 * after a refusal or interrupt that lays down a rule ("… must be written in a local tmp directory", 必须);
 * doubt that a fix was made ("was this fixed") and an objection asked as a question ("but the location
 * was in X?", 但是…？) steer; a steer after which the agent edits again a code file it had changed for an
 * earlier request counts twice.
 * calibrated 8: a steer the agent concedes in a later text on the request (after its tool calls, not only
 * in its first reply) counts twice, and so does a steer said with doubled marks or in capitals ("still
 * broken??", "IT STILL FAILS"); the agent's apology answering a carry-on ("继续任务", "please continue") is
 * not a conceded correction.
 * calibrated 10: an interrupt that stops the agent at work, then a redirect, counts twice; a redirect that
 * completes a fragment sent too soon amends it; the person's words over a pasted log holding a tag are
 * read; an opening doubled "no" (no no, não não, 不不) rejects; the same error pasted again steers.
 * calibrated 11: "please continue" after an interrupt, and a stop owned as a slip, redirect nothing; a
 * concession answering a turn that opens by agreeing ("yes merge them") is not a conceded correction;
 * "for future reference" and "stop all e2e task" are instructions, not corrections; Italian, more French,
 * Japanese, Chinese, Korean and Spanish corrections, "I mean …", and swearing in a steer as its second sign.
 * calibrated 12: complaints about what the agent delivered (the error still there, a page that will not
 * open, figures not accurate, how it looks, a rule not followed, something made up); asking for the change
 * undone in other words ("vuelvas a la version anterior", 改回去) rejects; doubled question marks right
 * after a claim of success steer; the agent's earlier "no" quoted back and "did you not …" complain; "must"
 * in the other languages (debemos, tem que, il faut, нужно, 반드시) lays down a rule in a redirect; a
 * reaction is read with its runs of spaces folded.
 * calibrated 13: "still not working" in its languages (直ってない, 还是不行, "the deployment failed",
 * "sigue sin funcionar", "non si vedono più") steers alone when it answers the agent's claim of done or
 * comes right after the agent's change, and says the fix failed beside a correction in more languages.
 */
export const GATE_PROFILE_VERSIONS: Record<GateProfile, number> = { seed: 1, calibrated: 13 };

export function isGateProfile(value: unknown): value is GateProfile {
  return typeof value === 'string' && (GATE_PROFILES as readonly string[]).includes(value);
}

export interface ProfileChoice {
  profile: GateProfile;
  warning?: string;
}

/**
 * The profile to score with: an explicit choice (`--profile`, an option), else the text of
 * `RETRO_GATE_PROFILE` (handed over by resolveGateSettings, the one reader of the environment), else
 * calibrated. An unknown environment value falls back to the default with a warning, as RETRO_THRESHOLD
 * does; an unknown explicit value is the caller's to refuse (see parseGateProfile).
 */
export function resolveGateProfile(explicit: GateProfile | undefined, fromEnv?: string): ProfileChoice {
  if (explicit !== undefined) return { profile: explicit };
  const raw = fromEnv ?? '';
  if (raw === '') return { profile: DEFAULT_GATE_PROFILE };
  if (isGateProfile(raw)) return { profile: raw };
  return {
    profile: DEFAULT_GATE_PROFILE,
    warning: `invalid RETRO_GATE_PROFILE '${raw}' (expected ${GATE_PROFILES.join(' or ')}); using ${DEFAULT_GATE_PROFILE}`,
  };
}

/** A `--profile` value, or an error message saying what is expected. */
export function parseGateProfile(raw: string): GateProfile | { error: string } {
  return isGateProfile(raw)
    ? raw
    : { error: `--profile must be ${GATE_PROFILES.join(' or ')} (got '${raw}')` };
}
