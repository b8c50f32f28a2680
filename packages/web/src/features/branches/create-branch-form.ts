/** The fields of the create-branch dialog. */
export interface CreateBranchForm {
  branchName: string;
  gitBranch: string;
  withData: boolean;
  /** With data: copy the parent as it was at `recoveryTime` (a `datetime-local` value) rather than now. */
  fromPointInTime: boolean;
  recoveryTime: string;
}
