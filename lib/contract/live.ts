/** The live classes' messages (lib/server/services/live). */

/** What the services answer (moved from lib/server/services: each message once, here). */
export const MSG_NO_REPLAY = '该直播暂无回放';
export const MSG_REPLAY_NOT_STARTED = '请先播放回放';
export const MSG_REPLAY_TOO_SHORT = '观看时长不足，请完整观看回放后再计入学时';
export const MSG_NOT_ON_AIR = '直播尚未开始或已结束';
export const MSG_FINISH_NOT_LIVE = '只能结束正在进行的直播';
export const MSG_NOT_STREAMER = '只有本场直播的主讲教师或管理员可以查看推流地址';
