import { teamMessages } from '../../../contract/team'
import { notice } from '../../styles/panel.css'

/**
 * Where a Member would find an action (a form, Book, Confirm, Send), a Viewer reads why there is none: the
 * Viewer role reads only (issue 24). The server refuses their changes anyway (403).
 */
export function ViewerNote({ children = teamMessages.viewerReadsOnly }: { children?: string }) {
  return <p className={notice}>{children}</p>
}
