import { isHumanTurn, type TranscriptMessage } from './messages.js';
import { MAX_COMMAND_OUTPUT, type SessionCommand } from './session-edits.js';

/**
 * The shell commands a session of a host other than Claude Code ran and what each printed, from its
 * adapter's messages: every call the adapter read as a shell call with a command line (Codex
 * `exec_command`/`shell`/`local_shell_call`, Gemini CLI `run_shell_command`, Copilot CLI and OpenCode
 * `bash`), whose result came back without an error (a failed command is not taken to have written
 * anything). Kept as data, never run.
 */
export function sessionCommandsOfMessages(
  messages: readonly TranscriptMessage[],
  sessionId: string,
): SessionCommand[] {
  const outputs = new Map<string, { isError: boolean; text: string }>();
  for (const message of messages)
    for (const output of message.toolOutputs) outputs.set(output.toolUseId, output);
  const commands: SessionCommand[] = [];
  let prompts = 0;
  for (const message of messages) {
    if (isHumanTurn(message)) {
      prompts++;
      continue;
    }
    for (const call of message.toolCalls) {
      if (call.kind !== 'shell' || call.command === undefined || call.id === '') continue;
      const output = outputs.get(call.id);
      if (!output || output.isError) continue;
      commands.push({
        callId: call.id,
        tool: call.name,
        sessionId,
        command: call.command,
        ...(call.workdir !== undefined ? { workdir: call.workdir } : {}),
        output: output.text.slice(0, MAX_COMMAND_OUTPUT),
        ...(message.timestamp ? { timestamp: message.timestamp } : {}),
        promptIndex: prompts - 1,
      });
    }
  }
  return commands;
}
