// The typed hooks components use. They need no RootState: each selector names the slice it reads,
// and every thunk of the app is made by lib/thunk.ts, which a dispatch of this type accepts. So
// they live here, below the features, and no feature imports app/.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

type AppThunkDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppThunkDispatch>();
export const useAppSelector = useSelector;
