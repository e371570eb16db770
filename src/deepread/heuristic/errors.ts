/** Tool errors whose text names their cause. */
export const UNREAD_FILE = /File has not been read yet/i;
export const STALE_FILE =
  /String to replace not found|File has been (?:unexpectedly )?modified since (?:it was )?read/i;
/** Claude Code's own permission system refusing a call (not an operating-system permission error). */
export const DENIED =
  /permission to use \S+(?: with command .+?)? (?:has been|was) denied|requested permissions? to \S+.*haven't granted|This command requires approval|was blocked\. For security/i;
/** Errors the harness reports for a call it never ran because another call in the batch failed. */
export const CASCADE = /Sibling tool call errored|Cancelled: parallel tool call/i;
